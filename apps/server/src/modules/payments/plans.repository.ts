import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PlanTable } from '../../db/schema.js';

// The SQL of `plans`: what the pricing page, the checkout, the webhook and pricing management
// read and write. Functions take (db | trx) so a service can compose them in one transaction.

export type PlanRow = Selectable<PlanTable>;

export async function listPlanRows(db: Db, options: { activeOnly?: boolean } = {}) {
  let query = db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id');
  if (options.activeOnly) query = query.where('active', '=', 1);
  return query.execute();
}

export async function findPlanRow(db: Db, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPlanByVariant(db: Db, variantId: string): Promise<PlanRow | undefined> {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('lemonsqueezy_variant_id', '=', variantId)
    .executeTakeFirst();
}

export async function updatePlanRow(
  db: Db,
  id: string,
  changes: Updateable<PlanTable>,
): Promise<PlanRow | undefined> {
  return db
    .updateTable('plans')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Only one plan is popular at a time (docs/decisions/0105): the others lose the mark. */
export async function clearPopularExcept(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .updateTable('plans')
    .set({ popular: 0 })
    .where('id', '!=', id)
    .where('popular', '=', 1)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function countActivePacksExcept(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('id', '!=', id)
    .where('billing_type', '=', 'one-time')
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
