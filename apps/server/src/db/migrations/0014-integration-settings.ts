import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// The admin's Integrations settings (issue 14, docs/decisions/0107): one row per field that the
// admin has set. A field without a row takes its default; an environment variable beats both.
// Secret fields hold a SecretBox-sealed value (decision 0069), never the plain text.

export function integrationSettings({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('integration_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('integration_settings').execute();
    },
  };
}
