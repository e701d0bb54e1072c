import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Accounts, sessions, credential accounts and verification tokens (the tables better-auth reads
// and writes through its Kysely adapter, under our names — see docs/decisions/0030), the credit
// ledger, and the mail outbox. better-auth's CLI cannot run on Node 20 and would not know our two
// dialects' timestamp types, so the tables are ours and created here like every other table.

export function accounts({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('image', 'text')
        .addColumn('role', 'text', (c) =>
          c
            .notNull()
            .defaultTo('user')
            .check(sql`role in ('user', 'admin')`),
        )
        .addColumn('banned', 'boolean', (c) => c.defaultTo(false))
        .addColumn('ban_reason', 'text')
        .addColumn('ban_expires', timestamp)
        .addColumn('account_type', 'text', (c) =>
          c
            .notNull()
            .defaultTo('personal')
            .check(sql`account_type in ('personal', 'business')`),
        )
        // The balance, kept in the same transaction as every credit_ledger row; never negative.
        .addColumn('credits', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`credits >= 0`),
        )
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('users_role').on('users').column('role').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('impersonated_by', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('auth_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text', (c) => c.notNull())
        .addColumn('access_token', 'text')
        .addColumn('refresh_token', 'text')
        .addColumn('id_token', 'text')
        .addColumn('access_token_expires_at', timestamp)
        .addColumn('refresh_token_expires_at', timestamp)
        .addColumn('scope', 'text')
        // A memory-hard hash (scrypt), never the password itself.
        .addColumn('password', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('auth_accounts_user_id')
        .on('auth_accounts')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // For password resets: the SHA-256 of the token, never the token.
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('verifications_identifier')
        .on('verifications')
        .column('identifier')
        .execute();

      await db.schema
        .createTable('credit_ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) =>
          c
            .notNull()
            .check(sql`kind in ('grant', 'purchase', 'spend', 'refund', 'adjustment', 'expiry')`),
        )
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
        .addColumn('reason', 'text')
        .addColumn('reference', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('credit_ledger_user_created')
        .on('credit_ledger')
        .columns(['user_id', 'created_at'])
        .execute();
      // One row per (user, kind, reference): spending twice for the same job, or granting the
      // sign-up credits twice, fails instead of silently double-counting.
      await db.schema
        .createIndex('credit_ledger_reference')
        .on('credit_ledger')
        .columns(['user_id', 'kind', 'reference'])
        .unique()
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('sent_at', timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'outbox',
        'credit_ledger',
        'verifications',
        'auth_accounts',
        'sessions',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
