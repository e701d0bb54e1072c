import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CheckoutTable } from '../../db/schema.js';

// The SQL of `checkouts`: what each checkout was created for.

export type CheckoutRow = Selectable<CheckoutTable>;

export async function insertCheckout(db: Db, row: Insertable<CheckoutTable>): Promise<void> {
  await db.insertInto('checkouts').values(row).execute();
}

export async function setCheckoutUrl(
  db: Db,
  id: string,
  url: string,
  providerCheckoutId: string | null,
): Promise<void> {
  await db
    .updateTable('checkouts')
    .set({ url, provider_checkout_id: providerCheckoutId })
    .where('id', '=', id)
    .execute();
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}
