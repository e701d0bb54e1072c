import type { Db } from '../../db/database.js';

// The overview's figures, each one query over stored rows (indexes: users_created_at_id,
// jobs_status_finished, credit_ledger_user_created).

export async function countUsersSince(db: Db, since: string) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn
        .sum<string | number | null>(
          eb.case().when('created_at', '>=', since).then(1).else(0).end(),
        )
        .as('recent'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recent: Number(row.recent ?? 0) };
}

/** Jobs of one status finished since each of the given instants. */
export async function countFinishedSince(
  db: Db,
  status: 'completed' | 'failed',
  since: readonly string[],
): Promise<number[]> {
  const oldest = [...since].sort()[0]!;
  const row = await db
    .selectFrom('jobs')
    .select((eb) =>
      since.map((s, i) =>
        eb.fn
          .sum<string | number | null>(eb.case().when('finished_at', '>=', s).then(1).else(0).end())
          .as(`n${i}`),
      ),
    )
    .where('status', '=', status)
    .where('finished_at', '>=', oldest)
    .executeTakeFirstOrThrow();
  const values = row as Record<string, string | number | null>;
  return since.map((_, i) => Number(values[`n${i}`] ?? 0));
}

/** Credits bought since `since` (the ledger's 'purchase' rows), and how many such rows. */
export async function purchasedCreditsSince(db: Db, since: string) {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('credits'),
      eb.fn.countAll<string | number>().as('rows'),
    ])
    .where('kind', '=', 'purchase')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { credits: Number(row.credits), rows: Number(row.rows) };
}
