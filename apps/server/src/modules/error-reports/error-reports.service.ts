import { randomUUID } from 'node:crypto';
import type { ErrorReport } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { insertErrorReport, pruneErrorReports } from './error-reports.repository.js';

/** How many reports the server keeps; older ones are dropped as new ones arrive. */
export const ERROR_REPORTS_KEPT = 1000;

export async function recordErrorReport(
  db: Db,
  report: ErrorReport,
  meta: { ip: string; now?: Date },
): Promise<string> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertErrorReport(trx, {
      id,
      kind: report.kind,
      message: report.message,
      stack: report.stack ?? null,
      component_stack: report.componentStack ?? null,
      url: report.url,
      user_agent: report.userAgent ?? null,
      ip: meta.ip,
      created_at: (meta.now ?? new Date()).toISOString(),
    });
    await pruneErrorReports(trx, ERROR_REPORTS_KEPT);
  });
  return id;
}
