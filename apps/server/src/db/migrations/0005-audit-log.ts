import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// The audit log: who did what to which object, and when (admin changes, refunds, database
// queries run from the back-office, admin sign-ins). Rows are only ever inserted; `actor_email`
// is copied in so an entry stays readable after its actor's account is deleted.

export function auditLog({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text')
        .addColumn('target_id', 'text')
        // JSON text: the facts of the change (before/after, reason, statement, duration…).
        .addColumn('detail', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('audit_log_created_at')
        .on('audit_log')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('audit_log_target')
        .on('audit_log')
        .columns(['target_type', 'target_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
