import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { RefundRequestTable } from '../../db/schema.js';

// The SQL of `refund_requests`: the buyer's 'Request refund' and the admin's decision.

export type RefundRequestRow = Selectable<RefundRequestTable>;

export async function insertRefundRequest(
  db: Db,
  row: Insertable<RefundRequestTable>,
): Promise<void> {
  await db.insertInto('refund_requests').values(row).execute();
}

export async function findRefundRequest(db: Db, id: string): Promise<RefundRequestRow | undefined> {
  return db.selectFrom('refund_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order's request waiting for a decision, if any (one per pack). */
export async function findOpenRequestOf(
  db: Db,
  orderId: string,
): Promise<RefundRequestRow | undefined> {
  return db
    .selectFrom('refund_requests')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'requested')
    .executeTakeFirst();
}

/** The latest request of each order given. */
export async function latestRequestsOf(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, RefundRequestRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('refund_requests')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** Moves a request out of `from`; false when it was no longer there (another admin decided). */
export async function decideRefundRequest(
  db: Db,
  id: string,
  from: RefundRequestRow['status'],
  change: {
    status: RefundRequestRow['status'];
    decline_reason?: string | null;
    decided_by: string | null;
    decided_at: string | null;
  },
): Promise<RefundRequestRow | undefined> {
  return db
    .updateTable('refund_requests')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}
