import { randomUUID } from 'node:crypto';
import {
  editorTexts,
  freeTryLimits,
  freeTryTexts,
  limits,
  publicApiLimits,
  publicApiTexts,
  safeBaseName,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, RetryLaterError, codeForStatus } from '../../errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lockBalance } from '../credits/credits.repository.js';
import type { ObjectStore } from '../storage/object-store.js';
import { countTries, insertTry, releaseFailedTries } from './free-tries.repository.js';
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
import { queueOwner, type JobInput, type JobRow } from './jobs.types.js';
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
    return this.admit({ userId }, input);
  }

  /**
   * A visitor's free try (decision 0155): a preview-size job owned by no account, reachable with
   * the visitor's token, and at most `freeTryLimits.perAddressPerDay` a UTC day per address
   * (tries whose job failed or was cancelled are given back). 429 `free_try_used` beyond that.
   */
  async createFreeTry(visitor: Visitor, input: JobInput): Promise<JobRow> {
    return this.admit({ visitor }, { ...input, size: 'preview', via: 'web' });
  }

  /** A cheap early refusal (before an upload is read); createFreeTry checks again, atomically. */
  async checkFreeTry(addressHash: string, now = new Date()): Promise<void> {
    const day = now.toISOString().slice(0, 10);
    await releaseFailedTries(this.options.db, addressHash, day);
    const used = await countTries(this.options.db, addressHash, day);
    if (used >= freeTryLimits.perAddressPerDay) throw freeTryUsed(now);
  }

  private async admit(owner: Owner, input: JobInput): Promise<JobRow> {
    const { db, store, creating } = this.options;
    const queue = this.options.queue();
    if (this.options.closed()) throw new RetryLaterError(busyMessage, retryAfterSeconds, 503);
    const userId = 'userId' in owner ? owner.userId : null;
    const room = await queue.room(queueOwner({ user_id: userId }));
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
      visitor_token_hash: 'visitor' in owner ? owner.visitor.tokenHash : null,
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
        if ('visitor' in owner) {
          await takeFreeTry(trx, owner.visitor.addressHash, id, now);
          await insertJob(trx, row);
          return;
        }
        // Takes the user's row lock, so concurrent creations for one user run one at a time.
        const balance = await lockBalance(trx, owner.userId);
        if (balance === undefined)
          throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
        if (row.size === 'preview') {
          // Previews cost nothing; the allowance counts every preview not failed or cancelled.
          const used = await countPreviewsSince(trx, owner.userId, monthStart(now));
          if (used >= publicApiLimits.freePreviewsPerMonth) {
            throw new AppError(402, 'payment_required', publicApiTexts.previewsUsedUp);
          }
        } else {
          const active = await countActiveJobs(trx, owner.userId);
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
      await queue.enqueue(id, queueOwner(row));
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
/** Who a free try belongs to: hashes only, never the address or the token (decision 0155). */
export interface Visitor {
  addressHash: string;
  tokenHash: string;
}

type Owner = { userId: string } | { visitor: Visitor };

/** 429 `free_try_used`, to be tried again after midnight UTC. */
function freeTryUsed(now: Date): RetryLaterError {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const wait = Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
  return new RetryLaterError(freeTryTexts.usedUp, wait, 429, 'free_try_used');
}

/**
 * Takes today's next free try of an address, or refuses. Two requests racing for the same try
 * take the same slot, and the second fails on the primary key: refused as well.
 */
async function takeFreeTry(trx: Db, addressHash: string, jobId: string, now: Date) {
  const day = now.toISOString().slice(0, 10);
  await releaseFailedTries(trx, addressHash, day);
  const used = await countTries(trx, addressHash, day);
  const refuse = () => freeTryUsed(now);
  if (used >= freeTryLimits.perAddressPerDay) throw refuse();
  try {
    await insertTry(trx, { address_hash: addressHash, day, slot: used + 1, job_id: jobId });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse();
    throw error;
  }
}

export function safeName(name: string, ext: string): string {
  return `${safeBaseName(name)}.${ext}`;
}
