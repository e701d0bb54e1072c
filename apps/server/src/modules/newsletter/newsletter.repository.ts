import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NewsletterSubscriberTable } from '../../db/schema.js';

export type NewSubscriber = Insertable<NewsletterSubscriberTable>;

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

/**
 * Gives an unconfirmed address a new link token, if its last mail went out before
 * `mailedBefore` (or never); true when it did, and a new mail is due.
 */
export async function renewSubscriberToken(
  db: Db,
  email: string,
  tokenHash: string,
  mailedAt: string,
  mailedBefore: string,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ token_hash: tokenHash, mailed_at: mailedAt })
    .where('email', '=', email)
    .where('confirmed_at', 'is', null)
    .where((eb) => eb.or([eb('mailed_at', 'is', null), eb('mailed_at', '<', mailedBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Confirms the address whose link token this is; false when no address has it. */
export async function confirmSubscriber(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'confirmed_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return false;
  if (row.confirmed_at === null) {
    await db
      .updateTable('newsletter_subscribers')
      .set({ confirmed_at: at })
      .where('id', '=', row.id)
      .where('confirmed_at', 'is', null)
      .execute();
  }
  return true;
}

/** Removes the address whose link token this is; false when no address has it. */
export async function deleteSubscriberByToken(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletter_subscribers')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
