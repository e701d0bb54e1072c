import type { Db } from '../../db/database.js';

// The buyer's usage on the billing page, read from finished jobs (never a sample figure).

export async function listCompletedJobTimes(
  db: Db,
  userId: string,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('finished_at')
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('finished_at', '>=', since)
    .execute();
  return rows.map((r) => r.finished_at!).filter(Boolean);
}
