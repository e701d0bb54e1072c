import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  editorTexts,
  finishedJobStatuses,
  jobVariants,
  limits,
  publicApiLimits,
  publicApiTexts,
  safeBaseName,
  sizeMegapixels,
  type JobSource,
  type JobStage,
  type JobTimings,
} from '@cutout/contracts';
import {
  AbortedError,
  isEngineError,
  PoolClosedError,
  QueueFullError,
  type EnginePool,
  type Stage,
} from '@cutout/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { JobTable } from '../../db/schema.js';
import { AppError, RetryLaterError, codeForStatus } from '../../errors.js';
import { chargeImageIn } from '../credits/credits.service.js';
import { lockBalance } from '../credits/credits.repository.js';
import type { ObjectStore } from '../storage/object-store.js';
import { checkImage, damagedImageMessage, notAnImage, type ImageLimits } from './image-input.js';
import { InProcessDispatch, type JobDispatch, type RunJob } from './job-dispatch.js';
import type { JobEventBus } from './job-events.js';
import {
  countActiveJobs,
  countCompleted,
  countPreviewsSince,
  findJob,
  insertJob,
  jobIdsAmong,
  listExpiredJobs,
  listUnfinishedJobs,
  updateJob,
  updateJobRun,
} from './jobs.repository.js';

// The processing service: a request becomes a stored job, the job waits in the queue, runs on
// the engine's worker pool (never on the request's thread), and ends completed — charged one
// credit in the same transaction that records it — or failed/cancelled, charged nothing.
// Progress is the engine's own stages, published to listeners (server-sent events, waiting
// requests) as it happens and written to the database at each stage change.

export type JobRow = Selectable<JobTable>;

export interface JobInput {
  bytes: Buffer;
  /** The name results are called after (`{base}_{variant}.png`). */
  name: string;
  source: JobSource;
  via: 'web' | 'api';
  /** What to answer when the bytes are not an image (URL imports say so differently). */
  whenNotImage?: () => AppError;
  /** 'preview': at most 0.25 MP and free within a monthly allowance (decision 0081). */
  size?: 'full' | 'preview';
}

/** The first instant of the current calendar month, UTC (monthly figures and allowances). */
export function monthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** Images processed (completed jobs), all time and this month. */
export async function usageOf(db: Db, userId: string) {
  return countCompleted(db, userId, monthStart());
}

/** Free previews left this month. */
export async function previewsLeft(db: Db, userId: string): Promise<number> {
  const used = await countPreviewsSince(db, userId, monthStart());
  return Math.max(0, publicApiLimits.freePreviewsPerMonth - used);
}

export interface JobsServiceOptions {
  db: Db;
  store: ObjectStore;
  /** The engine's pool, created on first use (loading a model takes seconds). */
  engine: () => EnginePool;
  /** Jobs running at once: the pool's workers. */
  concurrency: number;
  queueSize: number;
  retentionMs: number;
  imageLimits: ImageLimits;
  log: FastifyBaseLogger;
  observe?: JobObserver;
  /**
   * How jobs reach workers (BullMQ in scale-out mode); default: the in-process fair queue on
   * this process's pool. Given the function that runs one job.
   */
  dispatch?: (run: RunJob) => JobDispatch;
  /** Job changes to and from other processes (scale-out mode: Redis pub/sub). */
  bus?: JobEventBus;
}

/** Why a run's AbortController fired: shutdown hands the job back instead of cancelling it. */
const handBack = Symbol('hand back');

/** Hooks for metrics; the service does not know about Prometheus. */
export interface JobObserver {
  finished(status: 'completed' | 'failed' | 'cancelled', timings: JobTimings | null): void;
}

/** The stage weights of the progress bar, from where each stage starts to where it ends. */
const stageSpan: Record<Stage | 'store', [number, number]> = {
  decode: [1, 8],
  preprocess: [8, 12],
  inference: [12, 70],
  refine: [70, 85],
  encode: [85, 95],
  store: [95, 99],
};

export function progressOf(stage: Stage | 'store', fraction: number): number {
  const [from, to] = stageSpan[stage];
  return Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
}

/** HTTP status for the error codes jobs end with. */
export function statusForJobError(code: string | null): number {
  switch (code) {
    case 'unsupported_media_type':
      return 415;
    case 'payload_too_large':
      return 413;
    case 'unprocessable':
      return 422;
    case 'payment_required':
      return 402;
    case 'validation_failed':
      return 400;
    case 'service_unavailable':
      return 503;
    default:
      return 500;
  }
}

const busyMessage =
  'Cutout is busy processing other images right now. Please try again in a few seconds.';

const ownShareMessage =
  'You already have several images waiting to be processed. Please try again when one of them has finished.';

function engineFailure(error: unknown): { code: string; message: string } {
  if (isEngineError(error)) {
    switch (error.code) {
      case 'unsupported_image':
        return { code: 'unsupported_media_type', message: editorTexts.notAnImage };
      case 'image_too_large':
        return { code: 'payload_too_large', message: error.message };
      case 'extreme_aspect_ratio':
      case 'timed_out':
        return { code: 'unprocessable', message: error.message };
      case 'corrupt_image':
      case 'empty_image':
        return { code: 'unprocessable', message: damagedImageMessage };
      case 'invalid_options':
        return { code: 'validation_failed', message: error.message };
      default:
        break;
    }
  }
  return { code: 'internal', message: editorTexts.processFailed };
}

export class JobsService {
  private readonly queue: JobDispatch;
  private readonly events = new EventEmitter();
  private readonly controllers = new Map<string, AbortController>();
  /** Live state of running jobs, so listeners see progress without a database read. */
  private readonly live = new Map<string, JobRow>();
  /** Ids whose files are being written before their row exists (the sweep leaves them alone). */
  private readonly creating = new Set<string>();
  /** Shared mode: prefixes with no job at the last sweep (deleted if still so at the next). */
  private orphanCandidates = new Set<string>();
  private closed = false;

  constructor(private readonly options: JobsServiceOptions) {
    const run: RunJob = (id) => this.process(id);
    this.queue =
      options.dispatch?.(run) ?? new InProcessDispatch(options.concurrency, options.queueSize, run);
    // Every open event stream and waiting request is a listener; there may be many.
    this.events.setMaxListeners(0);
    // Changes made by other processes (the worker running a job, the API that took a cancel)
    // reach this process's listeners as if made here.
    options.bus?.onJob((job) => this.events.emit(job.id, job));
    options.bus?.onCancel((id) => this.controllers.get(id)?.abort());
  }

  queueStats() {
    return this.queue.stats();
  }

  /** Seconds a caller refused for a full queue should wait: about one job per worker. */
  private retryAfterSeconds(): number {
    return 5;
  }

  /**
   * Checks the image, holds one credit for the job (a user with one credit cannot start two), and
   * queues it. Throws 401/402/413/415/422/503 AppErrors a person can read.
   */
  async create(userId: string, input: JobInput): Promise<JobRow> {
    if (this.closed) throw new RetryLaterError(busyMessage, this.retryAfterSeconds(), 503);
    const room = await this.queue.room(userId);
    if (room === 'full') {
      throw new RetryLaterError(busyMessage, this.retryAfterSeconds(), 503);
    }
    if (room === 'own-share') {
      // The queue has room, but not for this account: others keep their turn (decision 0100).
      throw new RetryLaterError(ownShareMessage, this.retryAfterSeconds(), 503);
    }
    const checked = await checkImage(
      input.bytes,
      this.options.imageLimits,
      input.whenNotImage ?? (() => notAnImage()),
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
    };
    this.creating.add(id);
    try {
      await this.options.store.put(`${id}/original`, input.bytes);
      await this.options.db.transaction().execute(async (trx) => {
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
      await this.options.store.deletePrefix(id).catch(() => undefined);
      throw error;
    } finally {
      this.creating.delete(id);
    }
    this.publish(row);
    try {
      await this.queue.enqueue(id, userId);
    } catch (error) {
      // The queue (Redis) could not take it: the job ends now, uncharged, rather than waiting
      // for a restart to pick it up.
      logError(this.options.log, error, id, 'could not queue the job');
      await this.finish(id, { status: 'failed', stage: 'done' }, null, {
        code: 'service_unavailable',
        message: busyMessage,
      });
      await this.options.store.deletePrefix(id).catch(() => undefined);
      throw new RetryLaterError(busyMessage, this.retryAfterSeconds(), 503);
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
    const onAbandon = () => void this.cancel(created.id);
    abandoned.addEventListener('abort', onAbandon, { once: true });
    let job: JobRow;
    try {
      job = await this.waitUntilFinished(created.id);
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

  async get(id: string): Promise<JobRow | undefined> {
    return this.live.get(id) ?? (await findJob(this.options.db, id));
  }

  /** Calls `listener` with every change of the job until it ends; returns the unsubscribe. */
  subscribe(id: string, listener: (job: JobRow) => void): () => void {
    this.events.on(id, listener);
    return () => this.events.off(id, listener);
  }

  /** Resolves with the job once it has ended (or at once if it already has). */
  async waitUntilFinished(id: string, signal?: AbortSignal): Promise<JobRow> {
    return new Promise<JobRow>((resolve, reject) => {
      let settled = false;
      // Pub/sub does not replay what a reconnecting subscriber missed: in shared mode the
      // database is read now and then as well, so an end is never waited for forever.
      const recheck = this.options.bus
        ? setInterval(() => {
            findJob(this.options.db, id).then(
              (job) => job && done(job),
              () => undefined,
            );
          }, 3000)
        : undefined;
      const stop = () => {
        settled = true;
        if (recheck) clearInterval(recheck);
        unsubscribe();
      };
      const done = (job: JobRow) => {
        if (settled || !finishedJobStatuses.includes(job.status)) return;
        stop();
        signal?.removeEventListener('abort', onAbort);
        resolve(job);
      };
      const onAbort = () => {
        if (settled) return;
        stop();
        reject(new AbortedError());
      };
      const unsubscribe = this.subscribe(id, done);
      signal?.addEventListener('abort', onAbort, { once: true });
      // Subscribed first, then read: an end between the two is not missed.
      this.get(id).then((job) => {
        if (!job) {
          stop();
          reject(new AppError(404, 'not_found'));
        } else done(job);
      }, reject);
    });
  }

  /** Cancels a waiting or running job; nothing is charged. Returns the job as it ends up. */
  async cancel(id: string): Promise<JobRow | undefined> {
    const job = await this.get(id);
    if (!job || finishedJobStatuses.includes(job.status)) return job;
    if (this.queue.shared) {
      // The job may run in another process, or on a worker that died and whose job waits for
      // takeover: it is cancelled in the database now (the completing transaction requires
      // 'processing', so it can no longer be charged), and whoever runs it is told to stop.
      await this.queue.remove(id).catch(() => false);
      await this.finish(id, { status: 'cancelled', stage: 'done' }, null);
      this.controllers.get(id)?.abort();
      this.options.bus?.cancel(id);
      return findJob(this.options.db, id);
    }
    if ((await this.queue.remove(id)) || job.status === 'queued') {
      await this.finish(id, { status: 'cancelled', stage: 'done' }, null);
      return this.get(id);
    }
    this.controllers.get(id)?.abort();
    return this.waitUntilFinished(id);
  }

  /**
   * A job the queue gave up on (it failed to run again and again, for reasons outside the
   * image, like the database being away): it ends failed, uncharged, instead of waiting forever.
   */
  async giveUp(id: string): Promise<void> {
    await this.finish(id, { status: 'failed', stage: 'done' }, null, {
      code: 'internal',
      message: editorTexts.processFailed,
    });
  }

  /**
   * Picks up what a previous run left: queued and interrupted jobs run again (uncharged). In
   * shared mode a 'processing' job may be running on a live worker: it is queued again only if
   * the queue lost it (queuing is idempotent), and a worker takes it over (decision 0112).
   */
  async recover(): Promise<number> {
    const unfinished = await listUnfinishedJobs(this.options.db);
    for (const job of unfinished) {
      if (job.status === 'processing' && !this.queue.shared) {
        await updateJob(this.options.db, job.id, {
          status: 'queued',
          stage: 'queued',
          progress: 0,
          started_at: null,
        });
      }
      await this.queue.enqueue(job.id, job.user_id);
    }
    return unfinished.length;
  }

  /** Deletes stored files past their retention, and files no job owns. Returns jobs purged. */
  async cleanup(now = new Date()): Promise<number> {
    const { db, store } = this.options;
    let purged = 0;
    for (;;) {
      const batch = await listExpiredJobs(db, now.toISOString(), 200);
      if (batch.length === 0) break;
      for (const { id } of batch) {
        await store.deletePrefix(id);
        await updateJob(db, id, { purged_at: now.toISOString() });
        purged++;
      }
    }
    const prefixes = (await store.listPrefixes()).filter((p) => !this.creating.has(p));
    const known = await jobIdsAmong(db, prefixes);
    const orphans = prefixes.filter((p) => !known.has(p) && !this.creating.has(p));
    // In shared mode another API process may be writing an upload whose row does not exist
    // yet: a prefix is deleted only when it was already an orphan at the previous sweep.
    const previous = this.orphanCandidates;
    this.orphanCandidates = new Set();
    for (const prefix of orphans) {
      if (!this.queue.shared || previous.has(prefix)) await store.deletePrefix(prefix);
      else this.orphanCandidates.add(prefix);
    }
    return purged;
  }

  /**
   * Stops taking jobs and lets running ones end; queued jobs stay queued in the database. Jobs
   * still running after `graceMs` are handed back to the queue (another worker runs them).
   */
  async close(graceMs = Infinity): Promise<void> {
    this.closed = true;
    const closing = this.queue.close();
    if (Number.isFinite(graceMs)) {
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        closing.then(() => false),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (late) for (const controller of this.controllers.values()) controller.abort(handBack);
    }
    await closing;
  }

  private publish(job: JobRow): void {
    this.events.emit(job.id, job);
    this.options.bus?.publish(job);
  }

  private async process(id: string): Promise<'done' | 'handed-back'> {
    const { db, store, log } = this.options;
    const row = await findJob(db, id);
    if (!row) return 'done';
    // A job found 'processing' in shared mode is a dead (or stalled) worker's: the queue hands
    // a job to one worker at a time, so it is taken over. The claim raises `attempts`; every
    // later write of this run requires the number claimed, so the old run can change nothing.
    const claimable = this.queue.shared ? ['queued', 'processing'] : ['queued'];
    if (!claimable.includes(row.status)) return 'done';
    const startedAt = new Date();
    const attempt = row.attempts + 1;
    const started = await updateJobRun(
      db,
      id,
      row.attempts,
      {
        status: 'processing',
        stage: 'decode',
        progress: 1,
        started_at: startedAt.toISOString(),
        attempts: attempt,
      },
      claimable as JobRow['status'][],
    );
    if (!started) return 'done';
    if (row.status === 'processing') log.warn({ job: id, attempt }, 'took over an unfinished job');
    else log.debug({ job: id, attempt }, 'job claimed');
    const job: JobRow = {
      ...row,
      status: 'processing',
      stage: 'decode',
      progress: 1,
      started_at: startedAt.toISOString(),
      attempts: attempt,
    };
    this.live.set(id, job);
    this.publish(job);
    const controller = new AbortController();
    this.controllers.set(id, controller);

    const setStage = (stage: JobStage, progress: number) => {
      if (job.status !== 'processing') return;
      const changed = stage !== job.stage;
      if (!changed && progress <= job.progress) return;
      job.stage = stage;
      job.progress = Math.max(job.progress, progress);
      this.publish({ ...job });
      // Written at stage changes only; the condition keeps a late write from undoing the end.
      if (changed) {
        void updateJobRun(db, id, attempt, { stage, progress: job.progress }, ['processing']).catch(
          (error: unknown) => log.warn({ err: error, job: id }, 'could not record job progress'),
        );
      }
    };

    try {
      const input = await store.read(`${id}/original`);
      if (!input) {
        await this.finish(
          id,
          { status: 'failed', stage: 'done' },
          null,
          {
            code: 'unprocessable',
            message: 'The uploaded image is no longer available. Please upload it again.',
          },
          attempt,
        );
        return 'done';
      }
      const preview = sizeMegapixels.preview;
      const result = await this.options
        .engine()
        .run(input, row.size === 'preview' ? { maxOutputMegapixels: preview } : {}, {
          signal: controller.signal,
          onProgress: (stage, fraction) => setStage(stage, progressOf(stage, fraction)),
        });
      setStage('store', progressOf('store', 0));
      const storeStart = performance.now();
      await Promise.all(
        jobVariants.map((variant) => {
          const output = result.outputs[variant];
          if (!output) throw new Error(`the engine returned no ${variant}`);
          return store.put(`${id}/${variant}.png`, output.data);
        }),
      );
      const storeMs = performance.now() - storeStart;
      const finishedAt = new Date();
      const t = result.timings;
      const timings: JobTimings = {
        queueMs: round(startedAt.getTime() - new Date(row.created_at).getTime()),
        decodeMs: round(t.decodeMs),
        preprocessMs: round(t.preprocessMs),
        inferenceMs: round(t.inferenceMs),
        refineMs: round(t.refineMs),
        encodeMs: round(t.encodeMs),
        storeMs: round(storeMs),
        totalMs: round(finishedAt.getTime() - new Date(row.created_at).getTime()),
      };
      const outcome = await this.complete(job, result.width, result.height, timings, finishedAt);
      if (outcome === 'no-credit') {
        await store.deletePrefix(id).catch(() => undefined);
        await this.finish(
          id,
          { status: 'failed', stage: 'done' },
          timings,
          { code: 'payment_required', message: editorTexts.noCredits },
          attempt,
        );
      }
      // 'lost': the job was cancelled, or taken over by another run; that one owns it now.
      return 'done';
    } catch (error) {
      const handedBack = controller.signal.reason === handBack;
      if (error instanceof PoolClosedError || error instanceof QueueFullError || handedBack) {
        // Shutting down, or the pool briefly full (warm-up): the job waits again, uncharged.
        const back = await updateJobRun(
          db,
          id,
          attempt,
          { status: 'queued', stage: 'queued', progress: 0 },
          ['processing'],
        );
        if (!back) return 'done';
        this.publish({ ...job, status: 'queued', stage: 'queued', progress: 0 });
        if (error instanceof QueueFullError && !this.closed && !this.queue.shared) {
          setTimeout(() => void this.queue.enqueue(id, job.user_id), 500).unref();
        }
        return 'handed-back';
      }
      if (error instanceof AbortedError) {
        await this.finish(id, { status: 'cancelled', stage: 'done' }, null, undefined, attempt);
        return 'done';
      }
      const failure = engineFailure(error);
      if (failure.code === 'internal') log.error({ err: error, job: id }, 'job failed');
      // Only the run that still owns the job may delete its files and end it.
      const current = await findJob(db, id);
      if (current?.status !== 'processing' || current.attempts !== attempt) return 'done';
      await store
        .deletePrefix(id)
        .then(() => updateJob(db, id, { purged_at: new Date().toISOString() }))
        .catch(() => undefined);
      await this.finish(id, { status: 'failed', stage: 'done' }, null, failure, attempt);
      return 'done';
    } finally {
      this.controllers.delete(id);
      this.live.delete(id);
    }
  }

  /**
   * Records completion and the charge in one transaction: 'charged', 'no-credit' when the credit
   * is gone, 'lost' when this run no longer owns the job (cancelled, or taken over).
   */
  private async complete(
    job: JobRow,
    width: number,
    height: number,
    timings: JobTimings,
    finishedAt: Date,
  ): Promise<'charged' | 'no-credit' | 'lost'> {
    const changes = {
      status: 'completed' as const,
      stage: 'done' as const,
      progress: 100,
      width,
      height,
      timings: JSON.stringify(timings),
      finished_at: finishedAt.toISOString(),
    };
    let outcome: 'charged' | 'no-credit' | 'lost';
    try {
      outcome = await this.options.db.transaction().execute(async (trx) => {
        // The row first: its lock orders this against a cancel or a takeover, and a run that
        // no longer owns the job charges nothing.
        const updated = await updateJobRun(trx, job.id, job.attempts, changes, ['processing']);
        if (!updated) return 'lost';
        // A preview is free (decision 0081); everything else takes its held credit now. The
        // ledger's unique (user, kind, reference) makes a second charge for one job impossible.
        if (job.size !== 'preview') {
          const balance = await chargeImageIn(trx, job.user_id, job.id);
          if (balance === undefined) throw new NoCredit();
        }
        return 'charged';
      });
    } catch (error) {
      if (error instanceof NoCredit) outcome = 'no-credit';
      // Charged already for this job: the one charge stands and the job is not charged again.
      else if (isUniqueViolation(error)) outcome = 'lost';
      else throw error;
    }
    if (outcome === 'charged') {
      Object.assign(job, changes);
      this.publish({ ...job });
      this.options.observe?.finished('completed', timings);
    }
    return outcome;
  }

  /** Ends a job failed or cancelled; with `attempt`, only if that run still owns it. */
  private async finish(
    id: string,
    state: { status: 'failed' | 'cancelled'; stage: JobStage },
    timings: JobTimings | null,
    error?: { code: string; message: string },
    attempt?: number,
  ): Promise<void> {
    const finishedAt = new Date().toISOString();
    const changes = {
      ...state,
      finished_at: finishedAt,
      timings: timings ? JSON.stringify(timings) : null,
      error_code: error?.code ?? null,
      error_message: error?.message ?? null,
    };
    const active: JobRow['status'][] = ['queued', 'processing'];
    const ended =
      attempt === undefined
        ? await updateJob(this.options.db, id, changes, active)
        : await updateJobRun(this.options.db, id, attempt, changes, active);
    const row = await findJob(this.options.db, id);
    if (row) this.publish(row);
    if (ended) this.options.observe?.finished(state.status, timings);
  }
}

class NoCredit extends Error {}

function logError(logger: FastifyBaseLogger, error: unknown, job: string, message: string): void {
  logger.error({ err: error, job }, message);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/**
 * The name a job keeps: the upload's safe name (no path, control, bidi or reserved characters)
 * with the extension of the format its bytes were detected as.
 */
export function safeName(name: string, ext: string): string {
  return `${safeBaseName(name)}.${ext}`;
}
