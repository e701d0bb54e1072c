import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CreditLedgerTable, CreditLotTable } from '../../db/schema.js';

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

// Credit lots (docs/decisions/0071): credits that arrived together, with their expiry. The sum of
// a user's `remaining` equals users.credits; every change of a lot happens in the transaction
// that changes the balance, after that transaction has taken the user's row lock.

export async function insertLot(db: Db, row: Insertable<CreditLotTable>): Promise<void> {
  await db.insertInto('credit_lots').values(row).execute();
}

/** Lots with credits left, in spending order: earliest expiry first, never-expiring last. */
export async function listSpendableLots(db: Db, userId: string) {
  return db
    .selectFrom('credit_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .orderBy(sql`case when expires_at is null then 1 else 0 end`)
    .orderBy('expires_at')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function setLotRemaining(db: Db, lotId: string, remaining: number): Promise<void> {
  await db.updateTable('credit_lots').set({ remaining }).where('id', '=', lotId).execute();
}

export async function findLot(db: Db, lotId: string) {
  return db.selectFrom('credit_lots').selectAll().where('id', '=', lotId).executeTakeFirst();
}

/** A user's lots that have credits left and expired at or before `now`. */
export async function listDueLots(db: Db, userId: string, now: string) {
  return db
    .selectFrom('credit_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .execute();
}

/** Users owning at least one lot that is due to expire. */
export async function listUsersWithDueLots(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_lots')
    .select('user_id')
    .distinct()
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Remaining credits and the nearest expiry, for the billing pages. */
export async function listActiveLots(db: Db, userId: string) {
  return db
    .selectFrom('credit_lots')
    .selectAll()
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .orderBy(sql`case when expires_at is null then 1 else 0 end`)
    .orderBy('expires_at')
    .execute();
}

export async function sumLots(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_lots')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('remaining'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Several lots by id (the buyer's orders list: what is left of each order's pack). */
export async function findLots(db: Db, lotIds: readonly string[]) {
  if (lotIds.length === 0) return [];
  return db.selectFrom('credit_lots').selectAll().where('id', 'in', lotIds).execute();
}

/** Whether the user's ledger has a row with one of these references. */
export async function hasLedgerReference(
  db: Db,
  userId: string,
  references: readonly string[],
): Promise<boolean> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('user_id', '=', userId)
    .where('reference', 'in', references)
    .executeTakeFirst();
  return row !== undefined;
}
