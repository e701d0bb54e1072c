import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NotificationDigestTable } from '../../db/schema.js';

// The SQL of `notification_digests`: failures counted since the last digest mail, per kind.

export type DigestRow = Selectable<NotificationDigestTable>;

/** Counts one more pending failure (one row per kind, whatever the flood). */
export async function countPending(db: Db, kind: string, at: string): Promise<void> {
  await db
    .insertInto('notification_digests')
    .values({ kind, pending: 1, first_pending_at: at, last_sent_at: null })
    .onConflict((oc) =>
      oc.column('kind').doUpdateSet((eb) => ({
        pending: eb('notification_digests.pending', '+', 1),
        first_pending_at: eb.fn.coalesce('notification_digests.first_pending_at', eb.val(at)),
      })),
    )
    .execute();
}

export async function findDigest(db: Db, kind: string): Promise<DigestRow | undefined> {
  return db
    .selectFrom('notification_digests')
    .selectAll()
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/**
 * Takes the pending count for a mail, if the row is still as `seen` (no other process sent
 * it meanwhile): the count returns to 0 and the sending time is set. False when another won.
 */
export async function claimDigest(db: Db, seen: DigestRow, sentAt: string): Promise<boolean> {
  let query = db
    .updateTable('notification_digests')
    .set({ pending: 0, first_pending_at: null, last_sent_at: sentAt })
    .where('kind', '=', seen.kind)
    .where('pending', '=', seen.pending);
  query =
    seen.last_sent_at === null
      ? query.where('last_sent_at', 'is', null)
      : query.where('last_sent_at', '=', seen.last_sent_at);
  return (await query.returning('kind').executeTakeFirst()) !== undefined;
}
