import { z } from 'zod';
import type { Database } from '../../db/schema.js';

// What a backup archive holds (decision 0268): one zip with
//   tables/<table>.jsonl   every row of each of Cutout's tables, one JSON object a line, read in
//                          one snapshot; values normalised so either dialect can load them
//                          (timestamps ISO-8601 text, booleans true/false, 64-bit integers and
//                          decimals as PostgreSQL gives them: strings)
//   files/<jobId>/<name>   the stored originals and results of the jobs not yet purged
//   secret/auth-secret     the server secret, only when asked for (--include-secret)
//   manifest.json          written last: format, versions, migrations, row counts, and the size
//                          and SHA-256 of every other entry
// The archive is written under a temporary name and renamed when complete, and restore checks
// the manifest and every checksum before touching anything.

export const BACKUP_FORMAT = 'cutout-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const SECRET_ENTRY = 'secret/auth-secret';
/** Sealed with the server secret into the manifest; restore opens it to check the secret. */
export const SECRET_CHECK_TEXT = 'cutout-backup-secret-check';

export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

/**
 * Cutout's own tables, every table of schema.ts's Database (the `satisfies` below fails to
 * compile when one is added there and not here). Kysely's migration tables are not data: the
 * manifest lists the migrations applied instead.
 */
const tableSet = {
  error_reports: true,
  users: true,
  sessions: true,
  auth_accounts: true,
  verifications: true,
  credit_ledger: true,
  outbox: true,
  contact_messages: true,
  newsletter_subscribers: true,
  jobs: true,
  free_tries: true,
  api_keys: true,
  audit_log: true,
  pages: true,
  database_connections: true,
  plans: true,
  checkouts: true,
  credit_lots: true,
  orders: true,
  webhook_events: true,
  sandbox_checkouts: true,
  sandbox_orders: true,
  webhook_deliveries: true,
  batches: true,
  batch_items: true,
  admin_preferences: true,
  integration_settings: true,
  refund_requests: true,
  invoice_sequences: true,
  invoices: true,
  business_details: true,
  billing_profiles: true,
  notification_digests: true,
  departed_addresses: true,
  rate_limit_windows: true,
  sign_in_pairs: true,
  sign_in_accounts: true,
} satisfies Record<keyof Database, true>;

export type BackupTable = keyof Database;
export const BACKUP_TABLES = Object.keys(tableSet) as BackupTable[];

const entrySchema = z.object({
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string(),
  createdAt: z.string(),
  /** The database the rows were read from ('sqlite' or 'postgres'); either can load them. */
  dialect: z.enum(['sqlite', 'postgres']),
  /** The migrations applied to that database: restore brings an empty one to this level first. */
  migrations: z.array(z.string()),
  tables: z.record(z.string(), z.object({ rows: z.number().int().min(0) })),
  files: z.number().int().min(0),
  includesSecret: z.boolean(),
  /** SECRET_CHECK_TEXT sealed with the server secret (SecretBox): opens only with the same one. */
  secretCheck: z.string(),
  entries: z.record(z.string(), entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A backup's problem a person can act on (the CLI prints it; the admin's page shows it). */
export class BackupError extends Error {
  override name = 'BackupError';
}
