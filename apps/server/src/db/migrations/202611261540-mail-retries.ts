import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Mail that SMTP refused is kept in the outbox and sent again later (decision 0260): how many
// times it was tried, when it is next due, the last refusal, when it was given up, and its
// attachments (an invoice PDF, base64 in JSON), which a retry sends as the first try would have.

export function mailRetries({ timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('outbox')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('outbox').addColumn('next_attempt_at', timestamp).execute();
      await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('failed_at', timestamp).execute();
      await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute();
      await db.schema
        .createIndex('outbox_next_attempt_at')
        .on('outbox')
        .column('next_attempt_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('outbox_next_attempt_at').execute();
      for (const column of [
        'attachments',
        'failed_at',
        'last_error',
        'next_attempt_at',
        'attempts',
      ]) {
        await db.schema.alterTable('outbox').dropColumn(column).execute();
      }
    },
  };
}
