import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// The reads of an order's detail page (docs/decisions/0104) outside the payments tables: its
// buyer now and the ledger rows the order wrote.

/**
 * The ledger rows an order wrote: its purchase (`reference`) and its refunds, one per refund
 * (`reference#refund:{cents refunded so far}`, decision 0121).
 */
export async function ledgerRowsOfOrder(db: Db, userId: string, reference: string) {
  const prefix = `${reference}#`;
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('reference', '=', reference),
        eb(sql<string>`substr(reference, 1, ${prefix.length})`, '=', prefix),
      ]),
    )
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

/** Images the buyer processed since `since` (one 'spend' ledger row each): the approval shows it. */
export async function countSpendsSince(
  db: Db,
  userId: string,
  since: string | Date,
): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'spend')
    .where('created_at', '>=', since as string)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
