import {
  editorTexts,
  finishedJobStatuses,
  jobVariants,
  sizeMegapixels,
  type JobStage,
  type JobTimings,
} from '@cutout/contracts';
import {
  AbortedError,
  PoolClosedError,
  QueueFullError,
  type EnginePool,
  type Stage,
} from '@cutout/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { chargeImageIn } from '../credits/credits.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { JobDispatch } from './job-dispatch.js';
import type { JobEventBus } from './job-event-bus.js';
import { engineFailure } from './jobs.errors.js';
import type { JobEvents } from './jobs.events.js';
import { findJob, updateJob, updateJobRun } from './jobs.repository.js';
import { queueOwner, type JobObserver, type JobRow } from './jobs.types.js';

// The runner: a queued job runs on the engine's worker pool (never on the request's thread) and
// ends completed — charged one credit in the same transaction that records it — or
// failed/cancelled, charged nothing. Progress is the engine's own stages, published as it
// happens and written to the database at each stage change.

export interface JobRunnerOptions {
  db: Db;
  store: ObjectStore;
  /** The engine's pool, created on first use (loading a model takes seconds). */
  engine: () => EnginePool;
  log: FastifyBaseLogger;
  events: JobEvents;
  /** The dispatch that hands this runner its jobs (created after the runner). */
  queue: () => JobDispatch;
  /** True once the service stops taking jobs. */
  closed: () => boolean;
  observe?: JobObserver;
  bus?: JobEventBus;
}

/** Why a run's AbortController fired: shutdown hands the job back instead of cancelling it. */
const handBack = Symbol('hand back');

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

export class JobRunner {
  private readonly controllers = new Map<string, AbortController>();

  constructor(private readonly options: JobRunnerOptions) {
    options.bus?.onCancel((id) => this.controllers.get(id)?.abort());
  }

  /** Asks every run in this process to hand its job back to the queue (shutdown). */
  handBackAll(): void {
    for (const controller of this.controllers.values()) controller.abort(handBack);
  }

  /** Cancels a waiting or running job; nothing is charged. Returns the job as it ends up. */
  async cancel(id: string): Promise<JobRow | undefined> {
    const { events, db } = this.options;
    const queue = this.options.queue();
    const job = await events.get(id);
    if (!job || finishedJobStatuses.includes(job.status)) return job;
    if (queue.cancelsInDatabase) {
      // It is cancelled in the database now (the completing transaction requires
      // 'processing', so it can no longer be charged), and whoever runs it is told to stop.
      await queue.remove(id).catch(() => false);
      await this.finish(id, { status: 'cancelled', stage: 'done' }, null);
      this.controllers.get(id)?.abort();
      this.options.bus?.cancel(id);
      return findJob(db, id);
    }
    if ((await queue.remove(id)) || job.status === 'queued') {
      await this.finish(id, { status: 'cancelled', stage: 'done' }, null);
      // Read queued, but a run may have claimed it since: that run stops too, and the answer is
      // the stored row (the run's live copy still says 'processing').
      this.controllers.get(id)?.abort();
      return findJob(db, id);
    }
    this.controllers.get(id)?.abort();
    return events.waitUntilFinished(id);
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

  /** Runs one job to its end; 'handed-back' when it must run again later. */
  readonly run = async (id: string): Promise<'done' | 'handed-back'> => {
    const { db, store, log, events } = this.options;
    const queue = this.options.queue();
    const row = await findJob(db, id);
    if (!row) return 'done';
    // A claim raises `attempts`; every later write of this run requires the number claimed, so
    // an older run (of a job taken over) can change nothing.
    const claimable = queue.claimable;
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
      claimable,
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
    events.track(job);
    events.publish(job);
    const controller = new AbortController();
    this.controllers.set(id, controller);

    const setStage = (stage: JobStage, progress: number) => {
      if (job.status !== 'processing') return;
      const changed = stage !== job.stage;
      if (!changed && progress <= job.progress) return;
      job.stage = stage;
      job.progress = Math.max(job.progress, progress);
      events.publish({ ...job });
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
      if (outcome === 'lost') {
        // Cancelled, or taken over by another run that owns it now. Whoever waits on this job
        // hears its stored state: the cancel's own event may have gone out while this run's
        // live copy still answered 'processing'.
        const current = await findJob(db, id);
        if (current) events.publish(current);
      }
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
        events.publish({ ...job, status: 'queued', stage: 'queued', progress: 0 });
        if (error instanceof QueueFullError && !this.options.closed()) {
          queue.retryWhenPoolFull(id, queueOwner(job));
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
      events.untrack(id);
    }
  };

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
          // A visitor's free try is always a preview (decision 0155); no owner, no credit.
          if (job.user_id === null) throw new NoCredit();
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
      this.options.events.publish({ ...job });
      this.options.observe?.finished('completed', timings);
    }
    return outcome;
  }

  /** Ends a job failed or cancelled; with `attempt`, only if that run still owns it. */
  async finish(
    id: string,
    state: { status: 'failed' | 'cancelled'; stage: JobStage },
    timings: JobTimings | null,
    error?: { code: string; message: string },
    attempt?: number,
  ): Promise<void> {
    const { db } = this.options;
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
        ? await updateJob(db, id, changes, active)
        : await updateJobRun(db, id, attempt, changes, active);
    const row = await findJob(db, id);
    if (row) this.options.events.publish(row);
    if (ended) this.options.observe?.finished(state.status, timings);
  }
}

class NoCredit extends Error {}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
