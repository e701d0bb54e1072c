import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CreditLedgerTable } from '../../db/schema.js';

export type NewLedgerRow = Omit<CreditLedgerTable, 'created_at'> & { created_at: string };

export async function insertLedgerRow(db: Db, row: NewLedgerRow): Promise<void> {
  await db.insertInto('credit_ledger').values(row).execute();
}

/**
 * Adds `delta` (signed) to a balance in one statement and returns the new balance, or undefined
 * when the user does not exist or the balance would go below zero. The `credits >= -delta`
 * condition is what keeps two concurrent spends from both taking the last credit: the second
 * UPDATE waits for the first's row lock and then no longer matches.
 */
export async function changeBalance(
  db: Db,
  userId: string,
  delta: number,
): Promise<number | undefined> {
  let query = db
    .updateTable('users')
    .set({ credits: sql<number>`credits + ${delta}` })
    .where('id', '=', userId);
  if (delta < 0) query = query.where('credits', '>=', -delta);
  const row = await query.returning('credits').executeTakeFirst();
  return row ? Number(row.credits) : undefined;
}

/**
 * Reads a balance while taking the row's write lock (a no-op UPDATE), so a read-then-write in the
 * same transaction cannot interleave with another writer on PostgreSQL. SQLite has one writer at a
 * time anyway; the same statement works on both, unlike SELECT … FOR UPDATE.
 */
export async function lockBalance(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set({ credits: sql<number>`credits` })
    .where('id', '=', userId)
    .returning('credits')
    .executeTakeFirst();
  return row ? Number(row.credits) : undefined;
}

export async function findBalance(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.credits) : undefined;
}

export async function listLedger(db: Db, userId: string, limit: number, offset = 0) {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Sum of a user's ledger amounts: equals the balance when every change went through the ledger. */
export async function sumLedger(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
