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
import { databaseConsoleServerAccess } from './202611282330-database-console-server-access.js';
import { resultVersions } from './202611251900-result-versions.js';
import { freeTryAndHistory } from './202611251900-free-try-and-history.js';
import { mailRetries } from './202611261540-mail-retries.js';
import { newsletterConfirmation } from './202611261610-newsletter-confirmation.js';
import { departedAddresses } from './202611282340-departed-addresses.js';
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
  '202611282330-database-console-server-access': databaseConsoleServerAccess,
  '202611282340-departed-addresses': departedAddresses,
  '202611282325-verified-addresses': verifiedAddresses,
};

/** Every migration's name, in the order they apply (names sort by number, then by timestamp). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

function provider(ctx: MigrationContext, only?: ReadonlySet<string>): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations)
          .filter(([name]) => !only || only.has(name))
          .map(([name, make]) => [name, make(ctx)]),
      ),
  };
}

export interface MigrateOptions {
  /**
   * Apply only these migrations (with those already applied): a restore brings an empty database
   * to its archive's level before loading the rows, and the upgrade test builds the database
   * of each earlier release (decision 0268). Unset: all of them.
   */
  only?: Iterable<string>;
}

// Migrations work on the database as it was at the time, not today's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function migrator(db: AnyDb, dialect: Dialect, options: MigrateOptions): Promise<Migrator> {
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
  return new Migrator({
    db,
    provider: provider(ctx, options.only ? new Set(options.only) : undefined),
    // New migrations are named by timestamp (YYYYMMDDHHMM-slug) so parallel branches never
    // collide; a branch merged later may carry an older timestamp than one already applied, and
    // its migrations touch other tables, so they run in whatever order they arrive.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

export async function migrateToLatest(
  db: AnyDb,
  dialect: Dialect,
  options: MigrateOptions = {},
): Promise<string[]> {
  const { error, results } = await (await migrator(db, dialect, options)).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration ${failed ?? ''} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations applied to this database, and those still to apply. */
export async function migrationState(
  db: AnyDb,
  dialect: Dialect,
): Promise<{ applied: string[]; pending: string[] }> {
  const all = await (await migrator(db, dialect, {})).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt !== undefined).map((m) => m.name),
    pending: all.filter((m) => m.executedAt === undefined).map((m) => m.name),
  };
}
