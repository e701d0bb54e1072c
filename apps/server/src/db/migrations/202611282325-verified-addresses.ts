import { sql, type Kysely } from 'kysely';
import { cleanPersonName } from '@cutout/contracts';
import type { MigrationContext } from './index.js';

// Verified addresses before free credits (issue 36, decision 0265).
// - `rate_limit_windows`: the accounts' rate-limit counters (sign-up, sign-in, reset, resend)
//   when no Redis is configured, so a restart does not reset them; `sign_in_pairs` and
//   `sign_in_accounts`: the failed-sign-in back-off likewise. Times are Unix ms.
// - Accounts made before this change got their free credits at sign-up (decision 0033); they are
//   marked confirmed, so the dashboard does not promise them credits they already have. The flag
//   gates nothing else.
// - Stored names lose control and bidi characters, as new ones do (names.ts in contracts).
// - The Free card says when the credits come, unless an admin reworded it.

const OLD_FREE_FEATURES = [
  '10 free credits',
  'Refined, white and transparent results',
  'PNG output',
];
const NEW_FREE_FEATURES = [
  '10 free credits after you confirm your e-mail address',
  'Refined, white and transparent results',
  'PNG output',
];

export function verifiedAddresses({ dialect }: MigrationContext) {
  const bigint = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', bigint, (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limit_windows_expires_at')
        .on('rate_limit_windows')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('sign_in_pairs')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure_at', bigint)
        .addColumn('blocked_until', bigint, (c) => c.notNull())
        .addColumn('known_at', bigint)
        .execute();
      await db.schema
        .createTable('sign_in_accounts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'text', (c) => c.notNull())
        .addColumn('last_failure_at', bigint, (c) => c.notNull())
        .addColumn('reported_at', bigint)
        .execute();

      await sql`update users set email_verified = true`.execute(db);

      const rows = await sql<{
        id: string;
        name: string;
      }>`select id, name from users`.execute(db);
      for (const row of rows.rows) {
        const clean = cleanPersonName(row.name);
        if (clean !== row.name) {
          await sql`update users set name = ${clean} where id = ${row.id}`.execute(db);
        }
      }

      await sql`
        update plans set features = ${JSON.stringify(NEW_FREE_FEATURES)}
        where id = 'free' and features = ${JSON.stringify(OLD_FREE_FEATURES)}
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`
        update plans set features = ${JSON.stringify(OLD_FREE_FEATURES)}
        where id = 'free' and features = ${JSON.stringify(NEW_FREE_FEATURES)}
      `.execute(db);
      for (const table of ['sign_in_accounts', 'sign_in_pairs', 'rate_limit_windows']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
