import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// A free first try without an account (issue 25, decision 0155): a job may belong to no user
// (`user_id` null) and is then reachable only with the visitor's token, whose sha256 is
// `visitor_token_hash`. `free_tries` holds one row per try an address made on a (UTC) day, so the
// daily limit holds across restarts and processes; rows older than a day are deleted by the
// retention sweep.

export function freeTryAndHistory({ dialect, timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table jobs alter column user_id drop not null`.execute(db);
      } else {
        await rebuildSqliteJobs(db, (create) => {
          const relaxed = create.replace(/("user_id" text) not null/i, '$1');
          if (relaxed === create) throw new Error('jobs.user_id: NOT NULL not found');
          return relaxed;
        });
      }
      await db.schema.alterTable('jobs').addColumn('visitor_token_hash', 'text').execute();
      await db.schema
        .createTable('free_tries')
        // HMAC of the client address (never the address itself).
        .addColumn('address_hash', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        // 1, 2, …: two requests racing for the same try collide on the primary key.
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('free_tries_pk', ['address_hash', 'day', 'slot'])
        .execute();
      await db.schema.createIndex('free_tries_day').on('free_tries').column('day').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('free_tries').execute();
      await sql`delete from jobs where user_id is null`.execute(db);
      await db.schema.alterTable('jobs').dropColumn('visitor_token_hash').execute();
      if (dialect === 'postgres') {
        await sql`alter table jobs alter column user_id set not null`.execute(db);
      } else {
        await rebuildSqliteJobs(db, (create) =>
          create.replace(/("user_id" text)(?! not null)/i, '$1 not null'),
        );
      }
    },
  };
}

/**
 * SQLite cannot change a column's NOT NULL: the table is rebuilt from its own CREATE statement
 * (edited), so columns other migrations added are kept, and its indexes are made again
 * (https://www.sqlite.org/lang_altertable.html, "other kinds of table schema changes"). No
 * table references jobs, so dropping the old one cascades nothing.
 */
async function rebuildSqliteJobs(db: Kysely<unknown>, edit: (create: string) => string) {
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'jobs'`.execute(db);
  const table = objects.rows.find((o) => o.type === 'table');
  if (!table?.sql) throw new Error('jobs table not found');
  const create = edit(table.sql).replace(/^create table\s+"?jobs"?/i, 'create table "jobs_next"');
  const indexes = objects.rows.filter((o) => o.type === 'index' && o.sql !== null);
  await sql`begin`.execute(db);
  try {
    await sql.raw(create).execute(db);
    await sql`insert into jobs_next select * from jobs`.execute(db);
    await sql`drop table jobs`.execute(db);
    await sql`alter table jobs_next rename to jobs`.execute(db);
    for (const index of indexes) await sql.raw(index.sql as string).execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
