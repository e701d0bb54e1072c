// Admin → Integration settings (issue 14, "Integrations"; docs/decisions/0107–0109): the payment
// provider, SMTP, Turnstile and the public URL, editable in the admin; an environment variable
// always wins over a stored value. Zod-free: paths, field list, texts, types.

/** Kept out of paths.ts (loaded by every page): only the admin's Integrations page needs them. */
export const integrationsApiPaths = {
  settings: '/api/admin/integrations',
  testEmail: '/api/admin/integrations/test-email',
  checkPaymentProvider: '/api/admin/integrations/check-payment-provider',
} as const;

export const integrationKeys = [
  'publicUrl',
  'paymentProvider',
  'lemonSqueezyApiKey',
  'lemonSqueezyStoreId',
  'lemonSqueezyWebhookSecret',
  'lemonSqueezyApiUrl',
  'lemonSqueezyTestMode',
  'lemonSqueezyDiscounts',
  'smtpHost',
  'smtpPort',
  'smtpSecure',
  'smtpUser',
  'smtpPassword',
  'mailFrom',
  'turnstileSiteKey',
  'turnstileSecretKey',
] as const;
export type IntegrationKey = (typeof integrationKeys)[number];

export const paymentProviderChoices = ['sandbox', 'lemonsqueezy', 'none'] as const;
export type PaymentProviderChoice = (typeof paymentProviderChoices)[number];

export type IntegrationSection = 'general' | 'payments' | 'smtp' | 'turnstile';

export interface IntegrationFieldMeta {
  section: IntegrationSection;
  label: string;
  kind: 'text' | 'url' | 'number' | 'boolean' | 'secret' | 'choice';
  /** The environment variable that, when set, decides this field. */
  envVar: string;
  hint?: string;
}

export const integrationFields: Record<IntegrationKey, IntegrationFieldMeta> = {
  publicUrl: {
    section: 'general',
    label: 'Public URL',
    kind: 'url',
    envVar: 'PUBLIC_URL',
    hint: 'The address people use to reach Cutout: links in e-mails and checkout return addresses.',
  },
  paymentProvider: {
    section: 'payments',
    label: 'Provider',
    kind: 'choice',
    envVar: 'PAYMENTS_PROVIDER',
  },
  lemonSqueezyApiKey: {
    section: 'payments',
    label: 'Lemon Squeezy API key',
    kind: 'secret',
    envVar: 'LEMONSQUEEZY_API_KEY',
  },
  lemonSqueezyStoreId: {
    section: 'payments',
    label: 'Store id',
    kind: 'text',
    envVar: 'LEMONSQUEEZY_STORE_ID',
  },
  lemonSqueezyWebhookSecret: {
    section: 'payments',
    label: 'Webhook signing secret',
    kind: 'secret',
    envVar: 'LEMONSQUEEZY_WEBHOOK_SECRET',
  },
  lemonSqueezyApiUrl: {
    section: 'payments',
    label: 'API base URL',
    kind: 'url',
    envVar: 'LEMONSQUEEZY_API_URL',
  },
  lemonSqueezyTestMode: {
    section: 'payments',
    label: 'The store is in test mode',
    kind: 'boolean',
    envVar: 'LEMONSQUEEZY_TEST_MODE',
    hint: 'Orders Lemon Squeezy marks as test mode are credited only while this is on; otherwise they wait for review. Test orders never count as revenue.',
  },
  lemonSqueezyDiscounts: {
    section: 'payments',
    label: 'Let buyers enter discount codes',
    kind: 'boolean',
    envVar: 'LEMONSQUEEZY_DISCOUNTS',
    hint: 'Off: checkouts hide the discount field and an order below the price waits for review. On: a discounted order is credited and the discount recorded.',
  },
  smtpHost: { section: 'smtp', label: 'SMTP host', kind: 'text', envVar: 'SMTP_URL' },
  smtpPort: { section: 'smtp', label: 'Port', kind: 'number', envVar: 'SMTP_URL' },
  smtpSecure: {
    section: 'smtp',
    label: 'Use TLS from the start (port 465)',
    kind: 'boolean',
    envVar: 'SMTP_URL',
  },
  smtpUser: { section: 'smtp', label: 'User name', kind: 'text', envVar: 'SMTP_URL' },
  smtpPassword: { section: 'smtp', label: 'Password', kind: 'secret', envVar: 'SMTP_URL' },
  mailFrom: {
    section: 'smtp',
    label: 'From address',
    kind: 'text',
    envVar: 'MAIL_FROM',
    hint: 'An address, or a name and address: Cutout <no-reply@example.com>',
  },
  turnstileSiteKey: {
    section: 'turnstile',
    label: 'Site key',
    kind: 'text',
    envVar: 'TURNSTILE_SITE_KEY',
  },
  turnstileSecretKey: {
    section: 'turnstile',
    label: 'Secret key',
    kind: 'secret',
    envVar: 'TURNSTILE_SECRET_KEY',
  },
};

export type IntegrationValue = string | number | boolean | null;
export type IntegrationSource = 'env' | 'stored' | 'default';

export const integrationTexts = {
  sections: {
    general: 'General',
    payments: 'Payment provider',
    smtp: 'E-mail (SMTP)',
    turnstile: 'Bot check (Cloudflare Turnstile)',
  },
  intro:
    'Keys and addresses of the outside services Cutout uses. An environment variable always wins over what is saved here.',
  envNote: (name: string) => `Set by the environment variable ${name}; change it there.`,
  sources: { env: 'Environment', stored: 'Saved', default: 'Default' },
  secretSet: 'Set',
  secretNotSet: 'Not set',
  clear: 'Clear',
  /** A stored secret kept while a field naming where it goes changed (decision 0134). */
  reenterSecret: (label: string, destination: readonly string[]) =>
    `Enter the ${label} again: a saved secret is only sent where it was saved for (${destination.join(', ')}).`,
  /** A stored secret that does not open for the destination in effect. */
  secretForAnotherDestination: (destination: readonly string[]) =>
    `it was saved for another ${destination.join(' / ')}; enter it again.`,
  save: 'Save settings',
  saved: 'Integration settings saved',
  sendTestEmail: 'Send test e-mail',
  checkPaymentProvider: 'Check payment provider',
  testEmailSubject: 'Cutout test e-mail',
  testEmailSent: (to: string) => `Test e-mail sent to ${to} through SMTP.`,
  testEmailOutbox: (to: string) =>
    `No SMTP server is configured: the test e-mail to ${to} was written to the outbox table of Cutout's database, where all mail goes in this mode.`,
  testEmailFailed: (error: string) => `The SMTP server refused the test e-mail: ${error}`,
  providerSandbox:
    'The built-in sandbox provider is selling credits (test mode, no real payment). It needs no keys.',
  providerNone: 'No payment provider: nothing is on sale.',
  providerMissing: (fields: string) => `Lemon Squeezy is selected but not configured: ${fields}.`,
  providerOk: (store: string) =>
    `Lemon Squeezy answered: store "${store}" is reachable with this API key.`,
  providerRefused: (status: number, detail: string) =>
    `Lemon Squeezy answered ${status}${detail ? `: ${detail}` : ''}.`,
  providerUnreachable: (error: string) => `Lemon Squeezy could not be reached: ${error}`,
  envLocked: (label: string, name: string) =>
    `${label} is set by the environment variable ${name}; the environment wins, so change it there.`,
  cannotDecrypt:
    'A stored secret cannot be decrypted (was the server secret changed?); enter it again.',
  restartNote:
    'A new public URL is used at once for links; the origin that sign-in cookies are checked against follows after a restart.',
} as const;
