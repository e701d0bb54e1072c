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

export async function refundSandboxOrder(
  db: Db,
  id: string,
  data: string,
  refundedAt: string,
): Promise<boolean> {
  const row = await db
    .updateTable('sandbox_orders')
    .set({ status: 'refunded', refunded_at: refundedAt, data })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
