import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// The newsletter's double opt-in (decision 0261): an address is on the list once its owner
// opened the e-mailed link. The link's token is kept as its SHA-256 only; `mailed_at` spaces the
// confirmation mails to one address. Addresses stored before this are unconfirmed.

export function newsletterConfirmation({ timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('newsletter_subscribers')
        .addColumn('token_hash', 'text')
        .execute();
      await db.schema
        .alterTable('newsletter_subscribers')
        .addColumn('confirmed_at', timestamp)
        .execute();
      await db.schema
        .alterTable('newsletter_subscribers')
        .addColumn('mailed_at', timestamp)
        .execute();
      await db.schema
        .createIndex('newsletter_subscribers_token_hash')
        .on('newsletter_subscribers')
        .column('token_hash')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('newsletter_subscribers_token_hash').execute();
      for (const column of ['mailed_at', 'confirmed_at', 'token_hash']) {
        await db.schema.alterTable('newsletter_subscribers').dropColumn(column).execute();
      }
    },
  };
}
