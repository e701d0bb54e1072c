import { randomUUID } from 'node:crypto';
import {
  safeFileName,
  batchTexts,
  editorTexts,
  jobsApiPaths,
  jobVariants,
  limits,
  type Batch,
  type BatchItem,
  type BatchList,
  type JobResult,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { lockBalance } from '../credits/credits.repository.js';
import { uniqueFolders } from './batch-zip.js';
import { countActiveJobs } from '../jobs/jobs.repository.js';
import type { JobRow, JobsService } from '../jobs/jobs.service.js';
import {
  deleteBatch,
  deleteItem,
  findBatch,
  insertBatch,
  insertItems,
  listBatches,
  listItemsWithJobs,
  maxPosition,
  moveItem,
  touchBatch,
  type BatchRow,
  type ItemWithJob,
} from './batches.repository.js';

// The rules of batches (spec §2 Dashboard "Batch", §4, §5, §9). A batch is stored and owns the
// jobs of its images: starting it (or running it again) names the images, and is refused past 50
// images or past the credits the user has free ('Not enough credits. You need N credits but have
// M'), with nothing written. Each image's file is then uploaded to its item and becomes an
// ordinary job of the jobs module, which holds one credit while it runs and charges it only when
// the image succeeds; a failed image costs nothing. Status and progress are read from those jobs,
// so a reload or a second tab sees the same batch. Running again skips completed images.

export interface BatchesServiceOptions {
  db: Db;
  jobs: JobsService;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** An upload that stopped half-way (a closed tab) frees its item after this long. */
const staleUploadMs = 2 * 60_000;
const listLimit = 20;
const cancelledMessage = 'The image was cancelled before it finished. Nothing was charged.';
const missingJobMessage = 'The image is no longer available. Please add it again.';

export interface ZipEntry {
  folder: string;
  jobId: string;
  /** The results the job serves now (a touch-up's version, decision 0150). */
  resultVersion: number;
}

export class BatchesService {
  private readonly now: () => Date;

  constructor(private readonly options: BatchesServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async list(userId: string): Promise<BatchList> {
    const { db } = this.options;
    const batches = await listBatches(db, userId, listLimit);
    const items = await listItemsWithJobs(
      db,
      batches.map((b) => b.id),
    );
    return {
      batches: batches.map((batch) => ({
        id: batch.id,
        createdAt: batch.created_at,
        counts: countsOf(items.filter((i) => i.batch_id === batch.id).map((i) => this.itemView(i))),
      })),
    };
  }

  async get(userId: string, batchId: string): Promise<Batch> {
    const batch = await this.ownBatch(userId, batchId);
    return this.view(batch);
  }

  /** Starts a batch of these images: refused, with nothing stored, past 50 or past the credits. */
  async create(userId: string, names: readonly string[]): Promise<Batch> {
    const { db } = this.options;
    if (names.length === 0) throw new AppError(400, 'validation_failed', batchTexts.noImages);
    checkSize(names.length);
    const now = this.now().toISOString();
    const batch: BatchRow = { id: randomUUID(), user_id: userId, created_at: now, updated_at: now };
    await db.transaction().execute(async (trx) => {
      await checkCredits(trx, userId, names.length);
      await insertBatch(trx, batch);
      await insertItems(
        trx,
        names.map((name, position) => ({
          id: randomUUID(),
          batch_id: batch.id,
          position,
          original_name: cleanName(name),
          state: 'pending' as const,
          job_id: null,
          error_message: null,
          updated_at: now,
        })),
      );
    });
    return this.view(batch);
  }

  /**
   * Runs a batch again, optionally with more images: failed images go back to pending, completed
   * ones are skipped. Refused past 50 images, with nothing to process, or past the credits.
   */
  async run(userId: string, batchId: string, names: readonly string[]): Promise<Batch> {
    const { db } = this.options;
    const batch = await this.ownBatch(userId, batchId);
    const now = this.now().toISOString();
    await db.transaction().execute(async (trx) => {
      const items = await listItemsWithJobs(trx, [batch.id]);
      checkSize(items.length + names.length);
      const again = items.filter((item) => {
        const status = this.itemView(item).status;
        return status === 'error' || status === 'pending';
      });
      const need = again.length + names.length;
      if (need === 0) throw new AppError(400, 'validation_failed', batchTexts.noImages);
      await checkCredits(trx, userId, need);
      for (const item of again) {
        if (item.state === 'pending') continue;
        const moved = await moveItem(trx, item, {
          state: 'pending',
          job_id: null,
          error_message: null,
          updated_at: now,
        });
        if (!moved) throw new AppError(409, 'conflict', batchTexts.itemBusy);
      }
      const first = (await maxPosition(trx, batch.id)) + 1;
      await insertItems(
        trx,
        names.map((name, index) => ({
          id: randomUUID(),
          batch_id: batch.id,
          position: first + index,
          original_name: cleanName(name),
          state: 'pending' as const,
          job_id: null,
          error_message: null,
          updated_at: now,
        })),
      );
      await touchBatch(trx, batch.id, now);
    });
    return this.view(batch);
  }

  /**
   * The file of one image: it becomes a job of the jobs module (which checks the image and holds
   * a credit). An image that is refused (not an image, too large, no credit left) marks the item
   * failed with the reason, charges nothing, and the error is thrown for the caller to show. A
   * full queue (503) leaves the item pending, to be sent again after Retry-After.
   */
  async upload(
    userId: string,
    batchId: string,
    itemId: string,
    file: { bytes: Buffer },
  ): Promise<BatchItem> {
    const { db, jobs, log } = this.options;
    const batch = await this.ownBatch(userId, batchId);
    const item = await this.claim(batch, itemId);
    let job: JobRow;
    try {
      job = await jobs.create(userId, {
        bytes: file.bytes,
        name: item.original_name,
        source: 'upload',
        via: 'web',
      });
    } catch (error) {
      const claimed = { id: item.id, state: 'uploading' as const, job_id: null };
      const now = this.now().toISOString();
      if (error instanceof AppError && error.status !== 503) {
        await moveItem(db, claimed, {
          state: 'error',
          error_message: error.message,
          updated_at: now,
        });
      } else {
        // Busy or broken server: the image may simply be sent again.
        await moveItem(db, claimed, { state: 'pending', updated_at: now }).catch((cause: unknown) =>
          log.warn({ err: cause, item: item.id }, 'could not free batch item'),
        );
      }
      throw error;
    }
    const now = this.now().toISOString();
    await moveItem(
      db,
      { id: item.id, state: 'uploading', job_id: null },
      { state: 'queued', job_id: job.id, error_message: null, updated_at: now },
    );
    await touchBatch(db, batch.id, now);
    const row = (await listItemsWithJobs(db, [batch.id])).find((i) => i.id === item.id);
    if (!row) throw notFound(batchTexts.itemNotFound);
    return this.itemView(row, await this.liveJob(row));
  }

  /** Marks an image failed whose upload was refused before it reached the jobs module. */
  async refuse(userId: string, batchId: string, itemId: string, message: string): Promise<void> {
    const batch = await this.ownBatch(userId, batchId);
    const item = (await listItemsWithJobs(this.options.db, [batch.id])).find(
      (i) => i.id === itemId,
    );
    if (!item || item.state === 'uploading') return;
    const status = this.itemView(item).status;
    if (status !== 'pending' && status !== 'error') return;
    await moveItem(this.options.db, item, {
      state: 'error',
      job_id: null,
      error_message: message,
      updated_at: this.now().toISOString(),
    });
  }

  /** Removes an image from the batch; refused while it is being processed. */
  async removeItem(userId: string, batchId: string, itemId: string): Promise<Batch> {
    const { db } = this.options;
    const batch = await this.ownBatch(userId, batchId);
    const item = (await listItemsWithJobs(db, [batch.id])).find((i) => i.id === itemId);
    if (!item) throw notFound(batchTexts.itemNotFound);
    if (this.itemView(item).status === 'processing') {
      throw new AppError(409, 'conflict', batchTexts.itemBusy);
    }
    await deleteItem(db, item.id);
    return this.view(batch);
  }

  /** Deletes a batch (its jobs and results stay the user's); refused while images are processed. */
  async remove(userId: string, batchId: string): Promise<void> {
    const { db } = this.options;
    const batch = await this.ownBatch(userId, batchId);
    const items = await listItemsWithJobs(db, [batch.id]);
    if (items.some((item) => this.itemView(item).status === 'processing')) {
      throw new AppError(409, 'conflict', batchTexts.batchBusy);
    }
    await db.transaction().execute((trx) => deleteBatch(trx, batch.id));
  }

  /** The completed images whose results are still stored, one zip folder each (names unique). */
  async zipEntries(userId: string, batchId: string): Promise<ZipEntry[]> {
    const batch = await this.ownBatch(userId, batchId);
    const items = await listItemsWithJobs(this.options.db, [batch.id]);
    const done = items.filter(
      (item) => item.job_id !== null && item.job_status === 'completed' && !item.job_purged_at,
    );
    if (done.length === 0) throw notFound(batchTexts.noCompleted);
    const folderOf = uniqueFolders();
    return done.map((item) => {
      return {
        folder: folderOf(item.original_name),
        jobId: item.job_id as string,
        resultVersion: Number(item.job_result_version ?? 0),
      };
    });
  }

  private async ownBatch(userId: string, batchId: string): Promise<BatchRow> {
    const batch = await findBatch(this.options.db, batchId);
    // Someone else's batch is reported exactly like a missing one.
    if (!batch || batch.user_id !== userId) throw notFound(batchTexts.notFound);
    return batch;
  }

  /** Takes an item for an upload, so two tabs cannot start the same image twice. */
  private async claim(batch: BatchRow, itemId: string): Promise<ItemWithJob> {
    const { db } = this.options;
    const item = (await listItemsWithJobs(db, [batch.id])).find((i) => i.id === itemId);
    if (!item) throw notFound(batchTexts.itemNotFound);
    const status = this.itemView(item).status;
    if (status === 'completed') throw new AppError(409, 'conflict', batchTexts.alreadyCompleted);
    const staleUpload =
      item.state === 'uploading' &&
      this.now().getTime() - new Date(item.updated_at).getTime() > staleUploadMs;
    if (status === 'processing' && !staleUpload) {
      throw new AppError(409, 'conflict', batchTexts.itemBusy);
    }
    const moved = await moveItem(db, item, {
      state: 'uploading',
      job_id: null,
      error_message: null,
      updated_at: this.now().toISOString(),
    });
    if (!moved) throw new AppError(409, 'conflict', batchTexts.itemBusy);
    return item;
  }

  private async liveJob(item: ItemWithJob): Promise<JobRow | undefined> {
    // Running jobs are read from the jobs service, whose progress is newer than the database's.
    if (item.job_id === null || item.job_status !== 'processing') return undefined;
    return this.options.jobs.get(item.job_id);
  }

  private async view(batch: BatchRow): Promise<Batch> {
    const rows = await listItemsWithJobs(this.options.db, [batch.id]);
    const items = await Promise.all(
      rows.map(async (row) => this.itemView(row, await this.liveJob(row))),
    );
    return { id: batch.id, createdAt: batch.created_at, items, counts: countsOf(items) };
  }

  private itemView(row: ItemWithJob, live?: JobRow): BatchItem {
    const base = {
      id: row.id,
      position: Number(row.position),
      originalName: row.original_name,
      jobId: row.job_id,
      original: null as string | null,
      result: null as JobResult | null,
    };
    switch (row.state) {
      case 'pending':
        return { ...base, status: 'pending', progress: 0, error: null };
      case 'uploading':
        return { ...base, status: 'processing', progress: 0, error: null };
      case 'error':
        return { ...base, status: 'error', progress: 0, error: row.error_message };
      default:
        break;
    }
    const jobId = row.job_id as string;
    const stored = !row.job_purged_at;
    const original = stored ? jobsApiPaths.original(jobId) : null;
    const status = live?.status ?? row.job_status;
    switch (status) {
      case 'queued':
        return { ...base, original, status: 'processing', progress: 0, error: null };
      case 'processing':
        return {
          ...base,
          original,
          status: 'processing',
          progress: Math.min(99, Number(live?.progress ?? row.job_progress ?? 0)),
          error: null,
        };
      case 'completed':
        return {
          ...base,
          original,
          status: 'completed',
          progress: 100,
          error: null,
          result: stored
            ? (Object.fromEntries(
                jobVariants.map((v) => [v, jobsApiPaths.result(jobId, v)]),
              ) as JobResult)
            : null,
        };
      case 'failed':
        return {
          ...base,
          status: 'error',
          progress: 0,
          error: live?.error_message ?? row.job_error ?? editorTexts.processFailed,
        };
      case 'cancelled':
        return { ...base, status: 'error', progress: 0, error: cancelledMessage };
      default:
        return { ...base, status: 'error', progress: 0, error: missingJobMessage };
    }
  }
}

function checkSize(count: number): void {
  if (count > limits.batchMaxImages) {
    throw new AppError(400, 'validation_failed', batchTexts.tooMany(limits.batchMaxImages, count));
  }
}

/**
 * The spec's check (§5): the images to process must not exceed the credits. Credits held by jobs
 * still running are not free. Takes the balance's row lock, like the jobs module's own check.
 */
async function checkCredits(trx: Db, userId: string, need: number): Promise<void> {
  const balance = await lockBalance(trx, userId);
  if (balance === undefined) throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
  const held = await countActiveJobs(trx, userId);
  const have = Math.max(0, balance - held);
  if (need * limits.creditsPerImage > have) {
    throw new AppError(402, 'payment_required', batchTexts.notEnoughCredits(need, have));
  }
}

function cleanName(name: string): string {
  return safeFileName(name);
}

function countsOf(items: readonly BatchItem[]) {
  const counts = { pending: 0, processing: 0, completed: 0, error: 0 };
  for (const item of items) counts[item.status]++;
  return counts;
}
