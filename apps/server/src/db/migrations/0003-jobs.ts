import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Background-removal jobs (one per processed image, charged on completion) and API keys (stored
// as sha256 hashes; the public API authenticates with them).

export function jobs({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .check(sql`status in ('queued', 'processing', 'completed', 'failed', 'cancelled')`),
        )
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('source', 'text', (c) =>
          c.notNull().check(sql`source in ('upload', 'url', 'sample')`),
        )
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('input_bytes', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('timings', 'text')
        .addColumn('via', 'text', (c) => c.notNull().defaultTo('web'))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('started_at', timestamp)
        .addColumn('finished_at', timestamp)
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        // Set when the cleanup deleted the stored files (original and results).
        .addColumn('purged_at', timestamp)
        .execute();
      await db.schema
        .createIndex('jobs_user_created')
        .on('jobs')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema.createIndex('jobs_status').on('jobs').column('status').execute();
      await db.schema
        .createIndex('jobs_expires_at')
        .on('jobs')
        .columns(['purged_at', 'expires_at'])
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // The first characters of the key, shown in lists so people can tell keys apart.
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('last_used_at', timestamp)
        .addColumn('revoked_at', timestamp)
        .execute();
      await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_keys').execute();
      await db.schema.dropTable('jobs').execute();
    },
  };
}
