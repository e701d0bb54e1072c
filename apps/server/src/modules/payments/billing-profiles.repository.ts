import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BillingProfileTable } from '../../db/schema.js';

// The SQL of `billing_profiles`: a buyer's optional billing name, address and VAT number.

export type BillingProfileRow = Selectable<BillingProfileTable>;

export async function findBillingProfile(
  db: Db,
  userId: string,
): Promise<BillingProfileRow | undefined> {
  return db
    .selectFrom('billing_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertBillingProfile(
  db: Db,
  row: {
    user_id: string;
    name: string | null;
    address: string | null;
    vat_number: string | null;
    updated_at: string;
  },
): Promise<void> {
  await db
    .insertInto('billing_profiles')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        name: row.name,
        address: row.address,
        vat_number: row.vat_number,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
