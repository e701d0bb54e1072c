import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SandboxOrderTable } from '../../db/schema.js';

// The SQL of `sandbox_orders`: the orders the sandbox provider keeps, as a provider would.

export type SandboxOrderRow = Selectable<SandboxOrderTable>;

export async function nextSandboxOrderNumber(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sandbox_orders')
    .select((eb) => eb.fn.max<number | string | null>('order_number').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 1000) + 1;
}

export async function insertSandboxOrder(
  db: Db,
  row: Insertable<SandboxOrderTable>,
): Promise<void> {
  await db.insertInto('sandbox_orders').values(row).execute();
}

export async function findSandboxOrder(db: Db, id: string): Promise<SandboxOrderRow | undefined> {
  return db.selectFrom('sandbox_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Records a refund on a sandbox order that is still as the caller read it (its data unchanged,
 * not yet refunded in full): of two concurrent refunds only one applies. A partial refund keeps
 * the order 'paid', as Lemon Squeezy does.
 */
export async function refundSandboxOrder(
  db: Db,
  id: string,
  seenData: string,
  change: { status: 'paid' | 'refunded'; data: string; refundedAt: string },
): Promise<boolean> {
  const row = await db
    .updateTable('sandbox_orders')
    .set({ status: change.status, refunded_at: change.refundedAt, data: change.data })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where('data', '=', seenData)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
