import type { Db } from '../../db/database.js';

// The reads of an order's detail page (docs/decisions/0104) outside the payments tables: its
// buyer now and the ledger rows the order wrote.

/** The ledger rows an order wrote: its purchase and, once refunded, its refund. */
export async function ledgerRowsOfOrder(db: Db, userId: string, reference: string) {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reference', '=', reference)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findBuyer(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'credits'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
