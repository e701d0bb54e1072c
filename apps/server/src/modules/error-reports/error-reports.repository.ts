import type { Db } from '../../db/database.js';
import type { ErrorReportTable } from '../../db/schema.js';

export type NewErrorReport = Omit<ErrorReportTable, 'created_at'> & { created_at: string };

export async function insertErrorReport(db: Db, report: NewErrorReport): Promise<void> {
  await db.insertInto('error_reports').values(report).execute();
}

export async function findErrorReport(db: Db, id: string) {
  return db.selectFrom('error_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countErrorReports(db: Db): Promise<number> {
  const row = await db
    .selectFrom('error_reports')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes all but the newest `keep` reports. */
export async function pruneErrorReports(db: Db, keep: number): Promise<number> {
  const cutoff = await db
    .selectFrom('error_reports')
    .select('created_at')
    .orderBy('created_at', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return 0;
  const result = await db
    .deleteFrom('error_reports')
    .where('created_at', '<=', cutoff.created_at)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
