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
import { maskSecret, SecretBox, SecretDestinationError } from '../../db/secret-box.js';
import { AppError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import type { TurnstileConfig } from '../jobs/turnstile.js';
import {
  destinationOf,
  isProviderChoice,
  resolveFields,
  secretDestinations,
  secretKeys,
  setByEnv,
  type ResolvedFields,
} from './integration-fields.js';
import {
  deleteStoredSettings,
  listStoredSettings,
  replaceStoredValue,
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
    const newSecrets = new Map<IntegrationKey, string>();

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
        // Sealed below, once the destination it is bound to is known.
        newSecrets.set(key, text);
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
    // Where bound secrets go after this save (decision 0134): a stored one whose destination
    // changes must be entered again; a new one is sealed for where it will go.
    const afterPlain = resolveFields(
      config,
      this.decode(mergeRows(rows, upserts, deletes), { secrets: false }).values,
    );
    const reenter: Record<string, string> = {};
    for (const key of secretKeys) {
      const bound = secretDestinations[key] !== undefined;
      const text = newSecrets.get(key);
      if (text !== undefined) {
        upserts.set(
          key,
          bound ? secretBox.sealFor(text, destinationOf(afterPlain, key)) : secretBox.seal(text),
        );
        continue;
      }
      if (!bound || deletes.has(key) || !rows.has(key) || setByEnv(config, key)) continue;
      if (destinationOf(before.fields, key) !== destinationOf(afterPlain, key)) {
        reenter[key] = integrationTexts.reenterSecret(
          integrationFields[key].label,
          (secretDestinations[key] ?? []).map((k) => integrationFields[k].label),
        );
      }
    }
    if (Object.keys(reenter).length > 0) {
      throw new AppError(400, 'validation_failed', Object.values(reenter)[0], reenter);
    }
    // Clearing a field that has no stored value changes nothing and is not recorded.
    const changed = [...upserts.keys(), ...[...deletes].filter((key) => rows.has(key))];
    if (changed.length > 0) {
      const after = resolveFields(config, this.decode(mergeRows(rows, upserts, deletes)).values);
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

  /**
   * Seals secrets stored before they were bound to their destination (decision 0134) for the
   * destination in effect now. Run at start, before `load`.
   */
  async bindLegacySecrets(): Promise<number> {
    const { db, secretBox, config } = this.options;
    const rows = new Map((await listStoredSettings(db)).map((r) => [r.key, r.value]));
    const plain = resolveFields(config, this.decode(rows, { secrets: false }).values);
    let bound = 0;
    for (const key of Object.keys(secretDestinations) as IntegrationKey[]) {
      const raw = rows.get(key);
      if (raw === undefined || SecretBox.isBound(raw)) continue;
      let text: string;
      try {
        text = secretBox.open(raw);
      } catch {
        continue; // unreadable: it shows as a problem, and the admin enters it again
      }
      await replaceStoredValue(db, key, secretBox.sealFor(text, destinationOf(plain, key)));
      bound += 1;
    }
    return bound;
  }

  private async read(): Promise<EffectiveIntegrations> {
    const rows = new Map((await listStoredSettings(this.options.db)).map((r) => [r.key, r.value]));
    const { values, problems } = this.decode(rows);
    return effectiveFrom(resolveFields(this.options.config, values), this.options.config, problems);
  }

  /**
   * Stored rows as values: JSON for plain fields, opened SecretBox text for secrets. A bound
   * secret opens only for the destination the other fields give now; one saved for another
   * destination is left out and named in `problems` (it is never sent to the new one).
   * `secrets: false` reads the plain fields only.
   */
  private decode(rows: Map<string, string>, { secrets = true } = {}) {
    const values: Partial<Record<IntegrationKey, IntegrationValue>> = {};
    const problems: string[] = [];
    for (const key of integrationKeys) {
      const raw = rows.get(key);
      if (raw === undefined || secretKeys.has(key)) continue;
      try {
        values[key] = JSON.parse(raw) as IntegrationValue;
      } catch {
        problems.push(`${integrationFields[key].label}: the stored value is not readable.`);
      }
    }
    if (!secrets) return { values, problems };
    const plain = resolveFields(this.options.config, values);
    for (const key of secretKeys) {
      const raw = rows.get(key);
      if (raw === undefined) continue;
      const label = integrationFields[key].label;
      try {
        values[key] =
          secretDestinations[key] === undefined
            ? this.options.secretBox.open(raw)
            : this.options.secretBox.openFor(raw, destinationOf(plain, key));
      } catch (error) {
        problems.push(
          error instanceof SecretDestinationError
            ? `${label}: ${integrationTexts.secretForAnotherDestination(
                (secretDestinations[key] ?? []).map((k) => integrationFields[k].label),
              )}`
            : `${label}: ${integrationTexts.cannotDecrypt}`,
        );
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
