import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// The admin's connections to outside databases (spec §3 Database connection). The password is
// sealed with the SecretBox (decision 0069): a copy of Cutout's database alone does not reveal
// it. `is_active` marks the one connection in use (spec §4); flags are 0/1 on both dialects.

export function databaseConnections({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('database_connections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('database_name', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password_sealed', 'text')
        .addColumn('ssl', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('connection_limit', 'integer', (c) => c.notNull())
        .addColumn('timeout_ms', 'integer', (c) => c.notNull())
        .addColumn('charset', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('last_used_at', timestamp)
        .execute();
      await db.schema
        .createIndex('database_connections_created_at')
        .on('database_connections')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('database_connections').execute();
    },
  };
}
