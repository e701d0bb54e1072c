import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Contact messages (spec §3: name, email, subject, message, sent with timestamp, user agent and
// client IP) and newsletter subscribers (one row per address). The outbox gains a Reply-To, so a
// contact message mailed to support can be answered straight to its sender
// (docs/decisions/0061-contact-and-newsletter.md).

export function contactAndNewsletter({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        // The address the server saw the request come from (request.ip), never one the client claims.
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        // When the browser says it sent the message; kept as given, for support's context only.
        .addColumn('client_timestamp', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('contact_messages_created_at')
        .on('contact_messages')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('newsletter_subscribers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // Lowercased by the server before it gets here, so the unique index deduplicates.
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('ip', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();

      await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').dropColumn('reply_to').execute();
      await db.schema.dropTable('newsletter_subscribers').execute();
      await db.schema.dropTable('contact_messages').execute();
    },
  };
}
