import type { Kysely, Migration, MigrationProvider, RawBuilder } from 'kysely';
import { Migrator, sql } from 'kysely';
import type { Dialect } from '../schema.js';
import { errorReports } from './0001-error-reports.js';
import { accounts } from './0002-accounts.js';
import { jobs } from './0003-jobs.js';
import { contactAndNewsletter } from './0004-contact-and-newsletter.js';
import { auditLog } from './0005-audit-log.js';
import { payments } from './0006-payments.js';
import { batches } from './0007-batches.js';
import { publicApi } from './0008-public-api.js';
import { admin } from './0009-admin.js';
import { pages } from './0010-pages.js';
import { databaseConnections } from './0011-database-connections.js';
import { hashedSessionTokens } from './0012-hashed-session-tokens.js';
import { adminOrdersPricing } from './0013-admin-orders-pricing.js';
import { integrationSettings } from './0014-integration-settings.js';
import { queueAttempts } from './0015-queue-attempts.js';
import { safePayments } from './202611251532-safe-payments.js';
import { databaseConsoleAllowWrites } from './202611251621-database-console-allow-writes.js';
import { resultVersions } from './202611251900-result-versions.js';
import { freeTryAndHistory } from './202611251900-free-try-and-history.js';
import { mailRetries } from './202611261540-mail-retries.js';
import { newsletterConfirmation } from './202611261610-newsletter-confirmation.js';
import { verifiedAddresses } from './202611282325-verified-addresses.js';

// One set of migrations for SQLite and PostgreSQL. Each migration is a factory taking the few
// column types that differ between the two, so the table definitions are written once.
// Migrations are imported statically (not read from a folder) so the built server carries them.
// Names: the first fifteen are numbered; every later one is `YYYYMMDDHHMM-slug` (UTC), which
// sorts after them and does not collide across branches.

export interface MigrationContext {
  dialect: Dialect;
  /** A timestamp column: ISO-8601 text in SQLite, timestamptz in PostgreSQL. */
  timestamp: 'text' | 'timestamptz';
  /** The current time as a column default, in the same ISO-8601 form the code writes. */
  now: RawBuilder<unknown>;
}

const migrations: Record<string, (ctx: MigrationContext) => Migration> = {
  '0001-error-reports': errorReports,
  '0002-accounts': accounts,
  '0003-jobs': jobs,
  '0004-contact-and-newsletter': contactAndNewsletter,
  '0005-audit-log': auditLog,
  '0006-payments': payments,
  '0007-batches': batches,
  '0008-public-api': publicApi,
  '0009-admin': admin,
  '0010-pages': pages,
  '0011-database-connections': databaseConnections,
  '0012-hashed-session-tokens': hashedSessionTokens,
  '0013-admin-orders-pricing': adminOrdersPricing,
  '0014-integration-settings': integrationSettings,
  '0015-queue-attempts': queueAttempts,
  '202611251532-safe-payments': safePayments,
  '202611251621-database-console-allow-writes': databaseConsoleAllowWrites,
  '202611251900-result-versions': resultVersions,
  '202611251900-free-try-and-history': freeTryAndHistory,
  '202611261540-mail-retries': mailRetries,
  '202611261610-newsletter-confirmation': newsletterConfirmation,
  '202611282325-verified-addresses': verifiedAddresses,
};

function provider(ctx: MigrationContext): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(ctx)])),
  };
}

// Migrations work on the database as it was at the time, not today's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const ctx: MigrationContext =
    dialect === 'sqlite'
      ? { dialect, timestamp: 'text', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` }
      : { dialect, timestamp: 'timestamptz', now: sql`now()` };
  // Name the schema on PostgreSQL: otherwise Kysely takes a migration table in any schema
  // (another test's, another app's) as ours, skips creating its own, and then cannot find it.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: provider(ctx),
    // New migrations are named by timestamp (YYYYMMDDHHMM-slug) so parallel branches never
    // collide; a branch merged later may carry an older timestamp than one already applied, and
    // its migrations touch other tables, so they run in whatever order they arrive.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration ${failed ?? ''} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
