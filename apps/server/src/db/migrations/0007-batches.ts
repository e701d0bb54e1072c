import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Batches (spec §3 Batch item, §4, §5): a stored batch of up to 50 images owned by one user. Each
// item is one image; once its file is uploaded it owns the job that processes it (job_id), and its
// progress and result are that job's. An item that failed before a job existed (not an image)
// keeps its own error. Jobs stay the jobs module's rows: a batch only points at them.

export function batches({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('batches_user_created')
        .on('batches')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('batch_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('batch_id', 'text', (c) =>
          c.notNull().references('batches.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        // pending: waiting for its file; uploading: a file is being checked and queued;
        // queued: its job exists (the job says the rest); error: failed before a job existed.
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('pending', 'uploading', 'queued', 'error')`),
        )
        // No foreign key on purpose: the jobs module owns its rows and their lifetime.
        .addColumn('job_id', 'text')
        .addColumn('error_message', 'text')
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('batch_items_batch_position')
        .on('batch_items')
        .columns(['batch_id', 'position'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('batch_items').execute();
      await db.schema.dropTable('batches').execute();
    },
  };
}
