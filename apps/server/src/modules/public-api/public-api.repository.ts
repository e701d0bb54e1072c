import type { Db } from '../../db/database.js';

/** Whether the user ever bought credits (their plan is then "credits", otherwise "free"). */
export async function hasPurchased(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'purchase')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
