import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SandboxCheckoutTable } from '../../db/schema.js';

// The SQL of `sandbox_checkouts`: the sandbox provider's own checkout records.

export type SandboxCheckoutRow = Selectable<SandboxCheckoutTable>;

export async function insertSandboxCheckout(
  db: Db,
  row: Insertable<SandboxCheckoutTable>,
): Promise<void> {
  await db.insertInto('sandbox_checkouts').values(row).execute();
}

export async function findSandboxCheckout(
  db: Db,
  id: string,
): Promise<SandboxCheckoutRow | undefined> {
  return db.selectFrom('sandbox_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves an open sandbox checkout to `status`; false when it was no longer open. */
export async function closeSandboxCheckout(
  db: Db,
  id: string,
  status: 'paid' | 'cancelled',
): Promise<boolean> {
  const row = await db
    .updateTable('sandbox_checkouts')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countSandboxDecline(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sandbox_checkouts')
    .set({ declines: sql<number>`declines + 1` })
    .where('id', '=', id)
    .execute();
}
