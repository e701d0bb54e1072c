import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BatchItemTable, BatchTable } from '../../db/schema.js';

// The SQL of batches. Items are read together with the job each one owns (a left join on the
// jobs table, read only: the jobs module writes its rows).

export type BatchRow = Selectable<BatchTable>;
export type NewBatchItemRow = Insertable<BatchItemTable>;

export async function insertBatch(db: Db, row: Insertable<BatchTable>): Promise<void> {
  await db.insertInto('batches').values(row).execute();
}

export async function insertItems(db: Db, rows: NewBatchItemRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('batch_items').values(rows).execute();
}

export async function findBatch(db: Db, id: string): Promise<BatchRow | undefined> {
  return db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBatches(db: Db, userId: string, limit: number): Promise<BatchRow[]> {
  return db
    .selectFrom('batches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function touchBatch(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('batches').set({ updated_at: now }).where('id', '=', id).execute();
}

/** Items of these batches with their jobs' state, in order. */
export async function listItemsWithJobs(db: Db, batchIds: readonly string[]) {
  if (batchIds.length === 0) return [];
  return db
    .selectFrom('batch_items as i')
    .leftJoin('jobs as j', 'j.id', 'i.job_id')
    .select([
      'i.id',
      'i.batch_id',
      'i.position',
      'i.original_name',
      'i.state',
      'i.job_id',
      'i.error_message',
      'i.updated_at',
      'j.status as job_status',
      'j.progress as job_progress',
      'j.error_message as job_error',
      'j.purged_at as job_purged_at',
      'j.result_version as job_result_version',
    ])
    .where('i.batch_id', 'in', batchIds)
    .orderBy('i.batch_id')
    .orderBy('i.position')
    .execute();
}

export type ItemWithJob = Awaited<ReturnType<typeof listItemsWithJobs>>[number];

export async function maxPosition(db: Db, batchId: string): Promise<number> {
  const row = await db
    .selectFrom('batch_items')
    .select((eb) => eb.fn.max<number | string | null>('position').as('max'))
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return row.max === null ? -1 : Number(row.max);
}

/**
 * Moves an item from the state it was read in to `changes`, only if nobody moved it since (same
 * state, same job). False when another request got there first.
 */
export async function moveItem(
  db: Db,
  item: { id: string; state: BatchItemTable['state']; job_id: string | null },
  changes: Partial<Pick<BatchItemTable, 'state' | 'job_id' | 'error_message'>> & {
    updated_at: string;
  },
): Promise<boolean> {
  let query = db
    .updateTable('batch_items')
    .set(changes)
    .where('id', '=', item.id)
    .where('state', '=', item.state);
  query =
    item.job_id === null
      ? query.where('job_id', 'is', null)
      : query.where('job_id', '=', item.job_id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteItem(db: Db, id: string): Promise<void> {
  await db.deleteFrom('batch_items').where('id', '=', id).execute();
}

export async function deleteBatch(db: Db, id: string): Promise<void> {
  await db.deleteFrom('batch_items').where('batch_id', '=', id).execute();
  await db.deleteFrom('batches').where('id', '=', id).execute();
}
