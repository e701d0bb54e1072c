import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

export function errorReports({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('error_reports')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('stack', 'text')
        .addColumn('component_stack', 'text')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('error_reports_created_at')
        .on('error_reports')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('error_reports').execute();
    },
  };
}
