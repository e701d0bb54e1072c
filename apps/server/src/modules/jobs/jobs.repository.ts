import type { JobStatus } from '@cutout/contracts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JobTable } from '../../db/schema.js';

export type NewJobRow = Insertable<JobTable>;

export async function insertJob(db: Db, row: NewJobRow): Promise<void> {
  await db.insertInto('jobs').values(row).execute();
}

export async function findJob(db: Db, id: string) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateJob(
  db: Db,
  id: string,
  changes: Updateable<JobTable>,
  onlyIfStatus?: readonly JobStatus[],
): Promise<boolean> {
  let query = db.updateTable('jobs').set(changes).where('id', '=', id);
  if (onlyIfStatus) query = query.where('status', 'in', onlyIfStatus);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * updateJob for one run of a job: changes it only while `attempts` is still the number that run
 * claimed (a run that was taken over can no longer write; migration 0015).
 */
export async function updateJobRun(
  db: Db,
  id: string,
  attempt: number,
  changes: Updateable<JobTable>,
  onlyIfStatus: readonly JobStatus[],
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(changes)
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', 'in', onlyIfStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes the number of a new touch-up version of a completed job that is still kept; undefined
 * when it is not. Atomic, so two saves at once get two numbers.
 */
export async function claimResultEdit(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({ result_edits: eb('result_edits', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('purged_at', 'is', null)
    .returning('result_edits')
    .executeTakeFirst();
  return row ? Number(row.result_edits) : undefined;
}

/** Serves `version` of a completed job's results from now on; false when it is gone. */
export async function setResultVersion(db: Db, id: string, version: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ result_version: version })
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('purged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Jobs waiting for a worker: all of them, or one owner's. */
export async function countQueuedJobs(db: Db, userId?: string): Promise<number> {
  let query = db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'queued');
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Jobs of a user that are waiting or running: each holds one credit until it ends. */
export async function countActiveJobs(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['queued', 'processing'])
    .where('size', '=', 'full')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Previews of a user since `since` that count against the free allowance. */
export async function countPreviewsSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('size', '=', 'preview')
    .where('created_at', '>=', since)
    .where('status', 'in', ['queued', 'processing', 'completed'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a user's jobs, newest first, and how many there are in all. */
export async function listUserJobs(db: Db, userId: string, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Unfinished jobs, oldest first: what a restart must pick up again. */
export async function listUnfinishedJobs(db: Db) {
  return db
    .selectFrom('jobs')
    .select(['id', 'status', 'user_id'])
    .where('status', 'in', ['queued', 'processing'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listExpiredJobs(db: Db, now: string, limit: number) {
  return db
    .selectFrom('jobs')
    .select('id')
    .where('purged_at', 'is', null)
    .where('expires_at', '<=', now)
    .where('status', 'not in', ['queued', 'processing'])
    .limit(limit)
    .execute();
}

export async function jobIdsAmong(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('id', 'in', ids)
    .where('purged_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function countJobsByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Completed jobs of a user, all time and since `since` (usage figures). */
export async function countCompleted(db: Db, userId: string, since: string) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn
        .sum<string | number | null>(
          eb.case().when('finished_at', '>=', since).then(1).else(0).end(),
        )
        .as('recent'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recent: Number(row.recent ?? 0) };
}

/** Completed jobs of a user whose results are still stored, newest first (history, 0156). */
export async function listHistory(
  db: Db,
  userId: string,
  now: string,
  limit: number,
  offset: number,
) {
  const base = db
    .selectFrom('jobs')
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('purged_at', 'is', null)
    .where('expires_at', '>', now);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Credits the ledger took from a user for each of these jobs (spends are negative rows). */
export async function creditsSpentOn(
  db: Db,
  userId: string,
  jobIds: readonly string[],
): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['reference', (eb) => eb.fn.sum<string | number>('amount').as('total')])
    .where('user_id', '=', userId)
    .where('kind', '=', 'spend')
    .where('reference', 'in', jobIds)
    .groupBy('reference')
    .execute();
  return new Map(rows.map((r) => [r.reference ?? '', -Number(r.total)]));
}

/** Purged visitors' jobs: no account, no ledger, nothing to keep (decision 0155). */
export async function deletePurgedVisitorJobs(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('user_id', 'is', null)
    .where('purged_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
