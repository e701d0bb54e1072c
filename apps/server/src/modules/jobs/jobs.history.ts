import { finishedJobStatuses } from '@cutout/contracts';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../errors.js';
import type { ObjectStore } from '../storage/object-store.js';
import { creditsSpentOn, findJob, listHistory, updateJob } from './jobs.repository.js';
import type { JobRow } from './jobs.types.js';
import { resultKey } from './result-files.js';

// History (issue 25, decision 0156): an account's completed jobs whose results are still
// stored, with the credits the ledger took for each; and deleting a job's stored files before
// the retention sweep would. The job's row and the ledger stay (usage and accounting).

export const historyPerPage = 24;

export interface HistoryEntry {
  job: JobRow;
  creditsCharged: number;
}

export class JobHistory {
  constructor(private readonly options: { db: Db; store: ObjectStore }) {}

  async list(userId: string, page: number, now = new Date()) {
    const { db } = this.options;
    const { rows, total } = await listHistory(
      db,
      userId,
      now.toISOString(),
      historyPerPage,
      (page - 1) * historyPerPage,
    );
    const spent = await creditsSpentOn(
      db,
      userId,
      rows.map((r) => r.id),
    );
    const entries: HistoryEntry[] = rows.map((job) => ({
      job,
      creditsCharged: spent.get(job.id) ?? 0,
    }));
    return { entries, total };
  }

  /**
   * Deletes the stored original and results of the caller's finished job now. 404 for another's
   * job (reported like a missing one), 409 while it still runs.
   */
  async delete(userId: string, id: string, now = new Date()): Promise<void> {
    const { db, store } = this.options;
    const job = await findJob(db, id);
    if (!job || job.user_id !== userId || job.purged_at !== null) {
      throw notFound('Job not found.');
    }
    if (!finishedJobStatuses.includes(job.status)) {
      throw conflict('This image is still being processed. Cancel it first.');
    }
    // The row is marked first: from then on nothing serves the files, even if deleting fails
    // half-way (the sweep deletes what is left of a purged job's prefix).
    await updateJob(db, id, { purged_at: now.toISOString() });
    await store.deletePrefix(id);
  }

  /**
   * A small WebP of the caller's transparent result, for the history list. Made on request
   * (a few tens of ms) rather than stored, so it always shows the result as it is now.
   */
  async thumbnail(userId: string, id: string): Promise<Buffer> {
    const { db, store } = this.options;
    const job = await findJob(db, id);
    if (!job || job.user_id !== userId || job.purged_at !== null || job.status !== 'completed') {
      throw notFound('Job not found.');
    }
    // The version served now: a touch-up shows in the thumbnail too (decision 0150).
    const png = await store.read(resultKey(job, 'transparent_bg'));
    if (!png) throw notFound('Job not found.');
    return (
      sharp(png)
        .resize(thumbnailSide, thumbnailSide, { fit: 'inside', withoutEnlargement: true })
        // exact: the (0, 0, 0) under alpha 0 stays as stored, where libwebp would fill it with
        // the subject's colours (decision 0267).
        .webp({ quality: 80, alphaQuality: 80, exact: true })
        .toBuffer()
    );
  }
}

const thumbnailSide = 320;
