import * as z from 'zod/mini';
import { integrationKeys, paymentProviderChoices } from '../integrations.js';

// The admin Integrations API (docs/decisions/0107). Every field of the PUT body is optional: a
// field not sent is left as it is; `clear` lists the fields whose stored value is removed.

const maxText = 2000;
const httpUrl = (what: string) =>
  z.string().check(
    z.trim(),
    z.maxLength(maxText),
    z.refine(
      (v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)),
      `${what} must be an http:// or https:// address`,
    ),
  );
const text = z.string().check(z.trim(), z.maxLength(maxText));
/** A plain address or a name and address (Cutout <no-reply@example.com>). */
const mailbox = /^(?:[^<>]*<\s*([^<>\s]+@[^<>\s]+\.[^<>\s]+)\s*>|([^<>\s]+@[^<>\s]+\.[^<>\s]+))$/;

export const integrationsSaveBodySchema = z.object({
  publicUrl: z.optional(httpUrl('The public URL')),
  /** '' goes back to the default (Lemon Squeezy when its API key is set, else the sandbox). */
  paymentProvider: z.optional(
    z.enum([...paymentProviderChoices, ''], {
      error: 'The provider must be sandbox, lemonsqueezy or none',
    }),
  ),
  lemonSqueezyApiKey: z.optional(text),
  lemonSqueezyStoreId: z.optional(
    text.check(z.regex(/^\d*$/, 'The store id is a number (Lemon Squeezy → Settings → Stores)')),
  ),
  lemonSqueezyWebhookSecret: z.optional(text),
  lemonSqueezyApiUrl: z.optional(httpUrl('The API base URL')),
  lemonSqueezyTestMode: z.optional(
    z.nullable(z.boolean({ error: 'Test mode must be true or false' })),
  ),
  lemonSqueezyDiscounts: z.optional(
    z.nullable(z.boolean({ error: 'Discount codes must be true or false' })),
  ),
  smtpHost: z.optional(
    text.check(
      z.regex(/^[^\s/:]*$/, 'The SMTP host is a host name or address, without a scheme or port'),
    ),
  ),
  smtpPort: z.optional(
    z.nullable(
      z
        .int({ error: 'The port must be a whole number' })
        .check(
          z.minimum(1, 'The port must be between 1 and 65535'),
          z.maximum(65535, 'The port must be between 1 and 65535'),
        ),
    ),
  ),
  smtpSecure: z.optional(z.nullable(z.boolean({ error: 'Use TLS must be true or false' }))),
  smtpUser: z.optional(text),
  smtpPassword: z.optional(text),
  mailFrom: z.optional(
    text.check(
      z.refine(
        (v) => v === '' || mailbox.test(v),
        'The from address must be an e-mail address, or a name and address: Cutout <no-reply@example.com>',
      ),
    ),
  ),
  turnstileSiteKey: z.optional(text),
  turnstileSecretKey: z.optional(text),
  clear: z.optional(z.array(z.enum(integrationKeys, { error: 'Unknown field to clear' }))),
});
export type IntegrationsSaveBody = z.input<typeof integrationsSaveBodySchema>;

const fieldViewSchema = z.object({
  key: z.enum(integrationKeys),
  /** Secrets: masked (••••abcd) or null; never the whole value. */
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  source: z.enum(['env', 'stored', 'default']),
  envVar: z.string(),
  secret: z.boolean(),
  /** Secrets: whether a value is in effect. Others: whether the value is not empty. */
  isSet: z.boolean(),
});

export const integrationsViewSchema = z.object({
  fields: z.array(fieldViewSchema),
  /** Where mail goes now: an SMTP server, or the outbox table. */
  mailTransport: z.enum(['smtp', 'outbox']),
  /** Problems with stored values (a secret that cannot be decrypted). */
  problems: z.array(z.string()),
});
export type IntegrationsView = z.infer<typeof integrationsViewSchema>;
export type IntegrationFieldView = z.infer<typeof fieldViewSchema>;

export const integrationsSaveResponseSchema = z.object({
  settings: integrationsViewSchema,
  message: z.string(),
});

export const integrationCheckResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
});
export type IntegrationCheckResult = z.infer<typeof integrationCheckResultSchema>;
