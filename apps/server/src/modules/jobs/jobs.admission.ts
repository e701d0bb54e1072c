import { randomUUID } from 'node:crypto';
import {
  editorTexts,
  limits,
  publicApiLimits,
  publicApiTexts,
  safeBaseName,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, RetryLaterError, codeForStatus } from '../../errors.js';
import { lockBalance } from '../credits/credits.repository.js';
import type { ObjectStore } from '../storage/object-store.js';
import { checkImage, notAnImage, type ImageLimits } from './image-input.js';
import type { JobDispatch } from './job-dispatch.js';
import {
  busyMessage,
  ownShareMessage,
  retryAfterSeconds,
  statusForJobError,
} from './jobs.errors.js';
import type { JobEvents } from './jobs.events.js';
import { countActiveJobs, countPreviewsSince, insertJob } from './jobs.repository.js';
import type { JobRunner } from './jobs.runner.js';
import type { JobInput, JobRow } from './jobs.types.js';
import { monthStart } from './jobs.usage.js';

// Admission: a request becomes a stored job — the image checked, one credit held for it (a user
// with one credit cannot start two), the queue asked for room — or a clear refusal.

export interface JobAdmissionOptions {
  db: Db;
  store: ObjectStore;
  retentionMs: number;
  imageLimits: ImageLimits;
  log: FastifyBaseLogger;
  events: JobEvents;
  runner: JobRunner;
  queue: () => JobDispatch;
  closed: () => boolean;
  /** Ids whose files are being written before their row exists (the sweep leaves them alone). */
  creating: Set<string>;
}

export class JobAdmission {
  constructor(private readonly options: JobAdmissionOptions) {}

  /**
   * Checks the image, holds one credit for the job, and queues it. Throws 401/402/413/415/422/503
   * AppErrors a person can read.
   */
  async create(userId: string, input: JobInput): Promise<JobRow> {
    const { db, store, creating } = this.options;
    const queue = this.options.queue();
    if (this.options.closed()) throw new RetryLaterError(busyMessage, retryAfterSeconds, 503);
    const room = await queue.room(userId);
    if (room === 'full') {
      throw new RetryLaterError(busyMessage, retryAfterSeconds, 503);
    }
    if (room === 'own-share') {
      // The queue has room, but not for this account: others keep their turn (decision 0100).
      throw new RetryLaterError(ownShareMessage, retryAfterSeconds, 503);
    }
    const checked = await checkImage(
      input.bytes,
      this.options.imageLimits,
      input.whenNotImage ?? (() => notAnImage()),
      input.maxBytes,
    );
    const id = randomUUID();
    const now = new Date();
    const row: JobRow = {
      id,
      user_id: userId,
      status: 'queued',
      stage: 'queued',
      progress: 0,
      source: input.source,
      original_name: safeName(input.name, checked.ext),
      content_type: checked.type,
      input_bytes: input.bytes.byteLength,
      width: checked.width,
      height: checked.height,
      error_code: null,
      error_message: null,
      timings: null,
      via: input.via,
      created_at: now.toISOString(),
      started_at: null,
      finished_at: null,
      expires_at: new Date(now.getTime() + this.options.retentionMs).toISOString(),
      purged_at: null,
      size: input.size ?? 'full',
      attempts: 0,
      result_version: 0,
      result_edits: 0,
    };
    creating.add(id);
    try {
      await store.put(`${id}/original`, input.bytes);
      await db.transaction().execute(async (trx) => {
        // Takes the user's row lock, so concurrent creations for one user run one at a time.
        const balance = await lockBalance(trx, userId);
        if (balance === undefined)
          throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
        if (row.size === 'preview') {
          // Previews cost nothing; the allowance counts every preview not failed or cancelled.
          const used = await countPreviewsSince(trx, userId, monthStart(now));
          if (used >= publicApiLimits.freePreviewsPerMonth) {
            throw new AppError(402, 'payment_required', publicApiTexts.previewsUsedUp);
          }
        } else {
          const active = await countActiveJobs(trx, userId);
          if (balance - active < limits.creditsPerImage) {
            throw new AppError(402, 'payment_required', editorTexts.noCredits);
          }
        }
        await insertJob(trx, row);
      });
    } catch (error) {
      await store.deletePrefix(id).catch(() => undefined);
      throw error;
    } finally {
      creating.delete(id);
    }
    this.options.events.publish(row);
    try {
      await queue.enqueue(id, userId);
    } catch (error) {
      // The queue (Redis) could not take it: the job ends now, uncharged, rather than waiting
      // for a restart to pick it up.
      this.options.log.error({ err: error, job: id }, 'could not queue the job');
      await this.options.runner.finish(id, { status: 'failed', stage: 'done' }, null, {
        code: 'service_unavailable',
        message: busyMessage,
      });
      await store.deletePrefix(id).catch(() => undefined);
      throw new RetryLaterError(busyMessage, retryAfterSeconds, 503);
    }
    return row;
  }

  /**
   * Creates a job and waits for its end: the completed row, or the AppError its failure means.
   * When `abandoned` fires first (the caller went away), the job is cancelled: nothing is
   * charged for an image nobody receives.
   */
  async runNow(userId: string, input: JobInput, abandoned: AbortSignal): Promise<JobRow> {
    const created = await this.create(userId, input);
    const onAbandon = () => void this.options.runner.cancel(created.id);
    abandoned.addEventListener('abort', onAbandon, { once: true });
    let job: JobRow;
    try {
      job = await this.options.events.waitUntilFinished(created.id);
    } finally {
      abandoned.removeEventListener('abort', onAbandon);
    }
    if (job.status === 'cancelled') {
      throw new AppError(
        409,
        'conflict',
        'The job was cancelled before it finished. Nothing was charged.',
      );
    }
    if (job.status !== 'completed') {
      const status = statusForJobError(job.error_code);
      throw new AppError(
        status,
        codeForStatus(status),
        job.error_message ?? editorTexts.processFailed,
      );
    }
    return job;
  }
}

/**
 * The name a job keeps: the upload's safe name (no path, control, bidi or reserved characters)
 * with the extension of the format its bytes were detected as.
 */
export function safeName(name: string, ext: string): string {
  return `${safeBaseName(name)}.${ext}`;
}
