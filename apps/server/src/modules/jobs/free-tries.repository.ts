import type { Db } from '../../db/database.js';

// The free tries of client addresses (decision 0155): one row per try on a UTC day.

/** Gives back the tries whose job failed or was cancelled, so they do not count. */
export async function releaseFailedTries(db: Db, addressHash: string, day: string): Promise<void> {
  await db
    .deleteFrom('free_tries')
    .where('address_hash', '=', addressHash)
    .where('day', '=', day)
    .where('job_id', 'in', (eb) =>
      eb.selectFrom('jobs').select('id').where('status', 'in', ['failed', 'cancelled']),
    )
    .execute();
}

export async function countTries(db: Db, addressHash: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('free_tries')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('address_hash', '=', addressHash)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Throws a unique violation when another request took the same slot at the same time. */
export async function insertTry(
  db: Db,
  row: { address_hash: string; day: string; slot: number; job_id: string },
): Promise<void> {
  await db.insertInto('free_tries').values(row).execute();
}

/** Tries of days before `day` (the limit no longer needs them). */
export async function deleteTriesBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom('free_tries').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
