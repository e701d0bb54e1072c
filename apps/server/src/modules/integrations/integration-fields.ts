import {
  integrationFields,
  integrationKeys,
  paymentProviderChoices,
  type IntegrationKey,
  type IntegrationSource,
  type IntegrationValue,
  type PaymentProviderChoice,
} from '@cutout/contracts';
import { defaultPaymentProvider, type Config } from '../../config.js';

// How each Integrations field gets its value (docs/decisions/0107): the environment variable
// when it is set, else what the admin stored, else a default. SMTP_URL decides all five SMTP
// fields at once, because it is one variable carrying host, port, TLS, user and password.

export const DEFAULT_MAIL_FROM = 'Cutout <no-reply@cutout.local>';
export const DEFAULT_LEMONSQUEEZY_API_URL = 'https://api.lemonsqueezy.com';

export const secretKeys: ReadonlySet<IntegrationKey> = new Set(
  integrationKeys.filter((key) => integrationFields[key].kind === 'secret'),
);

/**
 * Secrets Cutout sends to a place other fields name: each is sealed for that place and opens for
 * no other (docs/decisions/0134). Changing one of these fields asks for the secret again.
 */
export const secretDestinations: Partial<Record<IntegrationKey, readonly IntegrationKey[]>> = {
  lemonSqueezyApiKey: ['lemonSqueezyApiUrl'],
  smtpPassword: ['smtpHost', 'smtpPort', 'smtpSecure'],
};

/** Where a bound secret goes, from the fields in effect. */
export function destinationOf(
  fields: Partial<Record<IntegrationKey, { value: IntegrationValue }>>,
  secret: IntegrationKey,
): string {
  return JSON.stringify(
    (secretDestinations[secret] ?? []).map((key) => {
      const value = fields[key]?.value ?? null;
      return typeof value === 'string' ? value.trim().replace(/\/+$/, '').toLowerCase() : value;
    }),
  );
}

export interface Resolved {
  value: IntegrationValue;
  source: IntegrationSource;
}
export type ResolvedFields = Record<IntegrationKey, Resolved>;

/** The five SMTP fields read from SMTP_URL, as nodemailer reads that URL. */
function smtpFromUrl(url: string): Partial<Record<IntegrationKey, IntegrationValue>> {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    smtpHost: parsed.hostname,
    smtpPort: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    smtpSecure: secure,
    smtpUser: parsed.username ? decodeURIComponent(parsed.username) : null,
    smtpPassword: parsed.password ? decodeURIComponent(parsed.password) : null,
  };
}

/** The values the environment sets (only those it sets). */
export function envValues(config: Pick<Config, 'integrationEnv'>) {
  const env = config.integrationEnv;
  const values: Partial<Record<IntegrationKey, IntegrationValue>> = {
    ...(env.SMTP_URL ? smtpFromUrl(env.SMTP_URL) : {}),
  };
  const direct: [IntegrationKey, string | undefined][] = [
    ['publicUrl', env.PUBLIC_URL?.replace(/\/+$/, '')],
    ['mailFrom', env.MAIL_FROM],
    ['paymentProvider', env.PAYMENTS_PROVIDER],
    ['lemonSqueezyApiKey', env.LEMONSQUEEZY_API_KEY],
    ['lemonSqueezyStoreId', env.LEMONSQUEEZY_STORE_ID],
    ['lemonSqueezyWebhookSecret', env.LEMONSQUEEZY_WEBHOOK_SECRET],
    ['lemonSqueezyApiUrl', env.LEMONSQUEEZY_API_URL?.replace(/\/+$/, '')],
    ['turnstileSiteKey', env.TURNSTILE_SITE_KEY],
    ['turnstileSecretKey', env.TURNSTILE_SECRET_KEY],
  ];
  for (const [key, value] of direct) if (value !== undefined) values[key] = value;
  const flags: [IntegrationKey, string | undefined][] = [
    ['lemonSqueezyTestMode', env.LEMONSQUEEZY_TEST_MODE],
    ['lemonSqueezyDiscounts', env.LEMONSQUEEZY_DISCOUNTS],
  ];
  for (const [key, value] of flags) if (value !== undefined) values[key] = value === 'true';
  return values;
}

/** Whether the environment decides this field (the admin cannot change it). */
export function setByEnv(config: Pick<Config, 'integrationEnv'>, key: IntegrationKey): boolean {
  const name = integrationFields[key].envVar as keyof Config['integrationEnv'];
  return config.integrationEnv[name] !== undefined;
}

/**
 * Every field's effective value and where it came from. `stored` holds the admin's values
 * (secrets already opened); defaults depend on other fields, so they are filled last.
 */
export function resolveFields(
  config: Pick<Config, 'integrationEnv' | 'publicUrl' | 'env'>,
  stored: Partial<Record<IntegrationKey, IntegrationValue>>,
): ResolvedFields {
  const env = envValues(config);
  const out = {} as ResolvedFields;
  for (const key of integrationKeys) {
    if (setByEnv(config, key)) out[key] = { value: env[key] ?? null, source: 'env' };
    else if (stored[key] !== undefined && stored[key] !== null)
      out[key] = { value: stored[key], source: 'stored' };
    else out[key] = { value: null, source: 'default' };
  }
  const fallback = (key: IntegrationKey, value: IntegrationValue) => {
    if (out[key].source === 'default') out[key].value = value;
  };
  // config.publicUrl is PUBLIC_URL or, without it, the address the server listens on.
  fallback('publicUrl', config.publicUrl);
  fallback('lemonSqueezyApiUrl', DEFAULT_LEMONSQUEEZY_API_URL);
  fallback('mailFrom', DEFAULT_MAIL_FROM);
  fallback('smtpSecure', false);
  fallback('smtpPort', out.smtpSecure.value === true ? 465 : 587);
  fallback('lemonSqueezyTestMode', false);
  fallback('lemonSqueezyDiscounts', false);
  // As PAYMENTS_PROVIDER's default: Lemon Squeezy when its API key is there, else none in
  // production and the sandbox elsewhere (decision 0120).
  fallback(
    'paymentProvider',
    defaultPaymentProvider(config.env, Boolean(out.lemonSqueezyApiKey.value)),
  );
  return out;
}

export function isProviderChoice(value: unknown): value is PaymentProviderChoice {
  return (paymentProviderChoices as readonly unknown[]).includes(value);
}
