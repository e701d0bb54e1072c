import {
  auditActions,
  integrationFields,
  integrationKeys,
  integrationTexts,
  type IntegrationFieldView,
  type IntegrationKey,
  type IntegrationValue,
  type IntegrationsSaveBody,
  type IntegrationsView,
  type PaymentProviderChoice,
} from '@cutout/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { maskSecret, type SecretBox } from '../../db/secret-box.js';
import { AppError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import type { TurnstileConfig } from '../jobs/turnstile.js';
import {
  isProviderChoice,
  resolveFields,
  secretKeys,
  setByEnv,
  type ResolvedFields,
} from './integration-fields.js';
import {
  deleteStoredSettings,
  listStoredSettings,
  upsertStoredSetting,
} from './integrations.repository.js';

// The one place the running server learns its integration settings (docs/decisions/0107): the
// mailer, the payment provider, Turnstile and every link built from the public URL ask here at
// use time. Values are cached for a few seconds — another API server on the same database sees a
// save within that time — and this process drops its cache at once when it saves.

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
}

export interface EffectiveIntegrations {
  fields: ResolvedFields;
  publicUrl: string;
  mail: {
    /** SMTP_URL as given, the admin's SMTP settings, or undefined: the outbox. */
    smtp: string | SmtpOptions | undefined;
    from: string;
  };
  payments: {
    provider: PaymentProviderChoice;
    lemonSqueezy: {
      apiKey: string;
      storeId: string;
      webhookSecret: string;
      apiUrl: string;
      /** The admin says the store is in test mode (decision 0123). */
      testMode: boolean;
      /** Buyers may enter discount codes (decision 0120). */
      discounts: boolean;
    };
  };
  /** Both keys set: the editor's bot check runs. */
  turnstile: TurnstileConfig | undefined;
  /** Stored values that could not be used (a secret sealed under another server secret). */
  problems: string[];
}

export interface IntegrationSettingsOptions {
  db: Db;
  secretBox: SecretBox;
  config: Pick<Config, 'integrationEnv' | 'publicUrl' | 'turnstileVerifyUrl' | 'env'>;
  /** How long a read stays fresh; another server's save shows within this time. */
  cacheMs?: number;
  clock?: () => number;
}

export interface SaveCaller {
  actor: AuditActor;
  ip: string;
}

const MASK = '••••';

export class IntegrationSettings {
  private snapshot: { value: EffectiveIntegrations; at: number } | undefined;
  private loading: Promise<EffectiveIntegrations> | undefined;
  private readonly cacheMs: number;
  private readonly clock: () => number;

  constructor(private readonly options: IntegrationSettingsOptions) {
    this.cacheMs = options.cacheMs ?? 5_000;
    this.clock = options.clock ?? Date.now;
  }

  /** Reads the stored settings now (at start, and after a save). */
  async load(): Promise<EffectiveIntegrations> {
    this.loading ??= this.read().finally(() => (this.loading = undefined));
    const value = await this.loading;
    this.snapshot = { value, at: this.clock() };
    return value;
  }

  /** The settings in effect, read again when the cached copy is older than a few seconds. */
  async effective(): Promise<EffectiveIntegrations> {
    if (this.snapshot && this.clock() - this.snapshot.at < this.cacheMs) return this.snapshot.value;
    return this.load();
  }

  /**
   * The settings in effect without waiting, for the few callers that cannot (the reset-mail
   * callback, the CSP header). A stale copy is refreshed in the background. `load` must have run.
   */
  current(): EffectiveIntegrations {
    if (!this.snapshot) throw new Error('IntegrationSettings.load() has not run yet');
    if (this.clock() - this.snapshot.at >= this.cacheMs) void this.load().catch(() => undefined);
    return this.snapshot.value;
  }

  async view(): Promise<IntegrationsView> {
    return toView(await this.effective());
  }

  /**
   * Saves what the admin changed. A secret sent blank or still masked keeps the stored one;
   * `clear` removes stored values (the field falls back to its default). Fields the
   * environment sets are refused: the environment would win anyway.
   */
  async save(body: IntegrationsSaveBody, caller: SaveCaller): Promise<IntegrationsView> {
    const { db, secretBox, config } = this.options;
    const before = await this.load();
    const clear = new Set(body.clear ?? []);
    const upserts = new Map<IntegrationKey, string>();
    const deletes = new Set<IntegrationKey>(clear);
    const locked: Record<string, string> = {};

    for (const key of integrationKeys) {
      const raw = body[key];
      if (raw === undefined || clear.has(key)) continue;
      const field = integrationFields[key];
      if (setByEnv(config, key)) {
        // Sending back the value the environment shows is not a change; anything else is.
        if (!sameValue(raw, before.fields[key].value, secretKeys.has(key))) {
          locked[key] = integrationTexts.envLocked(field.label, field.envVar);
        }
        continue;
      }
      if (secretKeys.has(key)) {
        const text = String(raw);
        if (text === '' || text.startsWith(MASK)) continue;
        upserts.set(key, secretBox.seal(text));
        continue;
      }
      if (raw === '' || raw === null) {
        deletes.add(key);
        continue;
      }
      const value =
        key === 'publicUrl' || key === 'lemonSqueezyApiUrl' ? trimUrl(String(raw)) : raw;
      upserts.set(key, JSON.stringify(value));
    }
    if (Object.keys(locked).length > 0) {
      throw new AppError(400, 'validation_failed', Object.values(locked)[0], locked);
    }

    const now = new Date(this.clock()).toISOString();
    const rows = new Map((await listStoredSettings(db)).map((r) => [r.key, r.value]));
    // Clearing a field that has no stored value changes nothing and is not recorded.
    const changed = [...upserts.keys(), ...[...deletes].filter((key) => rows.has(key))];
    if (changed.length > 0) {
      const after = resolveFields(
        config,
        this.storedValues(mergeRows(rows, upserts, deletes)).values,
      );
      await db.transaction().execute(async (trx) => {
        await deleteStoredSettings(trx, [...deletes]);
        for (const [key, value] of upserts) {
          await upsertStoredSetting(trx, {
            key,
            value,
            updated_by: caller.actor.id,
            updated_at: now,
          });
        }
        await recordAudit(trx, {
          actor: caller.actor,
          action: auditActions.integrationsUpdate,
          target: { type: 'integration_settings', id: 'integrations' },
          // Secrets only ever masked: every admin reads the audit log.
          detail: {
            fields: changed,
            before: Object.fromEntries(
              changed.map((k) => [k, auditValue(k, before.fields[k].value)]),
            ),
            after: Object.fromEntries(changed.map((k) => [k, auditValue(k, after[k].value)])),
          },
          ip: caller.ip,
        });
      });
    }
    return toView(await this.load());
  }

  private async read(): Promise<EffectiveIntegrations> {
    const rows = new Map((await listStoredSettings(this.options.db)).map((r) => [r.key, r.value]));
    const { values, problems } = this.storedValues(rows);
    return effectiveFrom(resolveFields(this.options.config, values), this.options.config, problems);
  }

  /** Stored rows as values: JSON for plain fields, opened SecretBox text for secrets. */
  private storedValues(rows: Map<string, string>) {
    const values: Partial<Record<IntegrationKey, IntegrationValue>> = {};
    const problems: string[] = [];
    for (const key of integrationKeys) {
      const raw = rows.get(key);
      if (raw === undefined) continue;
      if (secretKeys.has(key)) {
        try {
          values[key] = this.options.secretBox.open(raw);
        } catch {
          problems.push(`${integrationFields[key].label}: ${integrationTexts.cannotDecrypt}`);
        }
        continue;
      }
      try {
        values[key] = JSON.parse(raw) as IntegrationValue;
      } catch {
        problems.push(`${integrationFields[key].label}: the stored value is not readable.`);
      }
    }
    return { values, problems };
  }
}

function mergeRows(
  rows: Map<string, string>,
  upserts: Map<IntegrationKey, string>,
  deletes: Set<IntegrationKey>,
): Map<string, string> {
  const merged = new Map(rows);
  for (const key of deletes) merged.delete(key);
  for (const [key, value] of upserts) merged.set(key, value);
  return merged;
}

function trimUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

function sameValue(sent: unknown, current: IntegrationValue, secret: boolean): boolean {
  if (secret) return sent === '' || (typeof sent === 'string' && sent.startsWith(MASK));
  if (typeof current === 'string' && typeof sent === 'string') return trimUrl(sent) === current;
  return sent === current;
}

/** What the audit row and the browser may see of a value. */
function auditValue(key: IntegrationKey, value: IntegrationValue): IntegrationValue {
  if (!secretKeys.has(key)) return value;
  return typeof value === 'string' && value !== '' ? maskSecret(value) : null;
}

function effectiveFrom(
  fields: ResolvedFields,
  config: IntegrationSettingsOptions['config'],
  problems: string[],
): EffectiveIntegrations {
  const text = (key: IntegrationKey) => {
    const value = fields[key].value;
    return value === null || value === undefined ? '' : String(value);
  };
  const env = config.integrationEnv;
  let smtp: EffectiveIntegrations['mail']['smtp'];
  if (env.SMTP_URL) smtp = env.SMTP_URL;
  else if (text('smtpHost')) {
    const user = text('smtpUser');
    smtp = {
      host: text('smtpHost'),
      port: Number(fields.smtpPort.value),
      secure: fields.smtpSecure.value === true,
      ...(user ? { auth: { user, pass: text('smtpPassword') } } : {}),
    };
  }
  const provider = fields.paymentProvider.value;
  const siteKey = text('turnstileSiteKey');
  const secretKey = text('turnstileSecretKey');
  return {
    fields,
    publicUrl: text('publicUrl'),
    mail: { smtp, from: text('mailFrom') },
    payments: {
      provider: isProviderChoice(provider) ? provider : 'none',
      lemonSqueezy: {
        apiKey: text('lemonSqueezyApiKey'),
        storeId: text('lemonSqueezyStoreId'),
        webhookSecret: text('lemonSqueezyWebhookSecret'),
        apiUrl: text('lemonSqueezyApiUrl'),
        testMode: fields.lemonSqueezyTestMode.value === true,
        discounts: fields.lemonSqueezyDiscounts.value === true,
      },
    },
    turnstile:
      siteKey && secretKey
        ? { siteKey, secretKey, verifyUrl: config.turnstileVerifyUrl }
        : undefined,
    problems,
  };
}

function toView(effective: EffectiveIntegrations): IntegrationsView {
  const fields: IntegrationFieldView[] = integrationKeys.map((key) => {
    const { value, source } = effective.fields[key];
    const secret = secretKeys.has(key);
    return {
      key,
      value: secret ? auditValue(key, value) : value,
      source,
      envVar: integrationFields[key].envVar,
      secret,
      isSet: value !== null && value !== '',
    };
  });
  return {
    fields,
    mailTransport: effective.mail.smtp ? 'smtp' : 'outbox',
    problems: effective.problems,
  };
}
