import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhookDeliveryTable } from '../../db/schema.js';

// The SQL of `webhook_deliveries`: the sandbox provider's outgoing webhooks (docs/decisions/0072).

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

export async function insertDelivery(db: Db, row: Insertable<WebhookDeliveryTable>): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

export async function listDueDeliveries(db: Db, now: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Claims a due delivery by moving its next attempt; false when another claimed it first. */
export async function claimDelivery(
  db: Db,
  id: string,
  seenNextAttempt: string,
  leaseUntil: string,
): Promise<boolean> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', seenNextAttempt)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateDelivery(
  db: Db,
  id: string,
  changes: Updateable<WebhookDeliveryTable>,
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDeliveries(db: Db) {
  return db.selectFrom('webhook_deliveries').selectAll().orderBy('created_at').execute();
}

/**
 * The sandbox's outgoing deliveries that carry this order (its body's data.id). The body is the
 * only place the order id is kept, so a LIKE narrows and the caller checks the parsed id.
 */
export async function deliveriesMentioning(db: Db, providerOrderId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('body', 'like', `%"id":"${providerOrderId.replace(/["%\\]/g, '')}"%`)
    .orderBy('created_at')
    .limit(50)
    .execute();
}
