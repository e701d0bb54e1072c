import type { Db } from '../../db/database.js';
import type { NewsletterSubscriberTable } from '../../db/schema.js';

export type NewSubscriber = Omit<NewsletterSubscriberTable, 'created_at'> & { created_at: string };

/** Inserts the address unless it is already there; true when a row was added. */
export async function insertSubscriberIfNew(db: Db, row: NewSubscriber): Promise<boolean> {
  // ON CONFLICT DO NOTHING on both dialects: two simultaneous sign-ups of one address store one
  // row and neither fails.
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findSubscribers(db: Db, email: string) {
  return db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).execute();
}
