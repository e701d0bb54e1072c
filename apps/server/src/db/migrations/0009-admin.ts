import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// The admin back-office, part one (docs/decisions/0085, 0086):
// - users: `admin_plan` (a plan an admin set, overriding the one derived from purchases),
//   `usage_reset_at` and `usage_offset` (the Images Processed counter of the period), and an
//   index for the user list's order (newest first, then id).
// - admin_preferences: each admin's two overview toggles (notifications, security alerts).
// - credit_ledger.user_id: ON DELETE SET NULL instead of CASCADE, so deleting an account keeps its
//   ledger rows, anonymised, for accounting.
// - audit_log: an index for "has this admin signed in from this address before?" and the
//   viewer's filter by actor.

export function admin({ dialect, timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('admin_plan', 'text').execute();
      await db.schema.alterTable('users').addColumn('usage_reset_at', timestamp).execute();
      await db.schema
        .alterTable('users')
        .addColumn('usage_offset', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('users_created_at_id')
        .on('users')
        .columns(['created_at', 'id'])
        .execute();

      // The overview's images processed and jobs failed, by status and when they finished.
      await db.schema
        .createIndex('jobs_status_finished')
        .on('jobs')
        .columns(['status', 'finished_at'])
        .execute();

      await db.schema
        .createTable('admin_preferences')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        // Spec §2 Admin: notifications start on, security alerts off.
        .addColumn('notifications', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('security_alerts', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();

      await db.schema
        .createIndex('audit_log_actor_action')
        .on('audit_log')
        .columns(['actor_id', 'action', 'ip'])
        .execute();

      // The Plan column: "has this user bought?" looks up purchases by kind, then user.
      await db.schema
        .createIndex('credit_ledger_kind_user')
        .on('credit_ledger')
        .columns(['kind', 'user_id'])
        .execute();

      if (dialect === 'postgres') {
        const fk = await sql<{ name: string }>`
          select con.conname as name
          from pg_constraint con
          join pg_class rel on rel.oid = con.conrelid
          join pg_namespace ns on ns.oid = rel.relnamespace
          where rel.relname = 'credit_ledger' and ns.nspname = current_schema()
            and con.contype = 'f' and con.confrelid = (
              select c.oid from pg_class c where c.relname = 'users'
                and c.relnamespace = ns.oid)
        `.execute(db);
        for (const { name } of fk.rows) {
          await sql`alter table credit_ledger drop constraint ${sql.id(name)}`.execute(db);
        }
        await sql`alter table credit_ledger alter column user_id drop not null`.execute(db);
        await sql`alter table credit_ledger add constraint credit_ledger_user_id_fkey
          foreign key (user_id) references users (id) on delete set null`.execute(db);
      } else {
        await rebuildSqliteLedger(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('credit_ledger_kind_user').execute();
      await db.schema.dropIndex('audit_log_actor_action').execute();
      await db.schema.dropTable('admin_preferences').execute();
      await db.schema.dropIndex('jobs_status_finished').execute();
      await db.schema.dropIndex('users_created_at_id').execute();
      await db.schema.alterTable('users').dropColumn('usage_offset').execute();
      await db.schema.alterTable('users').dropColumn('usage_reset_at').execute();
      await db.schema.alterTable('users').dropColumn('admin_plan').execute();
    },
  };
}

const CASCADING_USER_ID =
  /"user_id"\s+text\s+not\s+null\s+references\s+"users"\s*\(\s*"id"\s*\)\s+on\s+delete\s+cascade/i;

/**
 * SQLite cannot alter a foreign key: the table is rebuilt from its own stored definition with
 * only the user_id clause changed, so columns other migrations added survive, and its indexes
 * are recreated from their stored definitions.
 */
async function rebuildSqliteLedger(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'credit_ledger'
  `.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition || !CASCADING_USER_ID.test(definition)) {
    throw new Error(
      'credit_ledger.user_id is not the cascading foreign key this migration expects',
    );
  }
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master
    where type = 'index' and tbl_name = 'credit_ledger' and sql is not null
  `.execute(db);
  const rebuilt = definition
    .replace(CASCADING_USER_ID, '"user_id" text references "users" ("id") on delete set null')
    .replace(/create\s+table\s+"?credit_ledger"?/i, 'create table "credit_ledger_new"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into credit_ledger_new select * from credit_ledger`.execute(db);
  await sql`drop table credit_ledger`.execute(db);
  await sql`alter table credit_ledger_new rename to credit_ledger`.execute(db);
  for (const { sql: index } of indexes.rows) await sql.raw(index).execute(db);
}
