import type { EnginePool } from '@cutout/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { ImageLimits } from './image-input.js';
import { InProcessDispatch, type JobDispatch, type RunJob } from './job-dispatch.js';
import type { JobEventBus } from './job-event-bus.js';
import { JobAdmission, type Visitor } from './jobs.admission.js';
import { JobEvents } from './jobs.events.js';
import { JobMaintenance } from './jobs.maintenance.js';
import { JobRunner } from './jobs.runner.js';
import { JobTouchUp, type TouchUpRunner } from './jobs.touch-up.js';
import type { JobInput, JobObserver, JobRow } from './jobs.types.js';

// The processing service, put together from its parts: admission (a request becomes a stored,
// queued job), the runner (a job runs on the engine's pool and ends charged or uncharged), live
// events (listeners see each change), maintenance (recovery after a restart, the retention
// sweep) and usage figures. How jobs reach workers is the dispatch's business.

export type { JobInput, JobObserver, JobRow } from './jobs.types.js';
export type { Visitor } from './jobs.admission.js';
export { previewsLeft, usageOf } from './jobs.usage.js';

export interface JobsServiceOptions {
  db: Db;
  store: ObjectStore;
  /** The engine's pool, created on first use (loading a model takes seconds). */
  engine: () => EnginePool;
  /** The engine's touch-up (a person's mask applied to the original), off the event loop. */
  touchUp: TouchUpRunner;
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

export class JobsService {
  private readonly queue: JobDispatch;
  private readonly events: JobEvents;
  private readonly runner: JobRunner;
  private readonly admission: JobAdmission;
  private readonly maintenance: JobMaintenance;
  private readonly touchUps: JobTouchUp;
  private closed = false;

  constructor(options: JobsServiceOptions) {
    const { db, store, log, bus } = options;
    const queue = () => this.queue;
    const closed = () => this.closed;
    const creating = new Set<string>();
    this.events = new JobEvents(db, bus);
    this.runner = new JobRunner({
      db,
      store,
      engine: options.engine,
      log,
      events: this.events,
      queue,
      closed,
      ...(options.observe ? { observe: options.observe } : {}),
      ...(bus ? { bus } : {}),
    });
    this.queue =
      options.dispatch?.(this.runner.run) ??
      new InProcessDispatch(options.concurrency, options.queueSize, this.runner.run);
    this.admission = new JobAdmission({
      db,
      store,
      retentionMs: options.retentionMs,
      imageLimits: options.imageLimits,
      log,
      events: this.events,
      runner: this.runner,
      queue,
      closed,
      creating,
    });
    this.maintenance = new JobMaintenance({ db, store, queue, creating });
    this.touchUps = new JobTouchUp({ db, store, touchUp: options.touchUp, log });
  }

  queueStats() {
    return this.queue.stats();
  }

  /** See JobAdmission.create. */
  create(userId: string, input: JobInput): Promise<JobRow> {
    return this.admission.create(userId, input);
  }

  /** See JobAdmission.createFreeTry. */
  createFreeTry(visitor: Visitor, input: JobInput): Promise<JobRow> {
    return this.admission.createFreeTry(visitor, input);
  }

  /** See JobAdmission.checkFreeTry. */
  checkFreeTry(addressHash: string): Promise<void> {
    return this.admission.checkFreeTry(addressHash);
  }

  /** See JobAdmission.runNow. */
  runNow(userId: string, input: JobInput, abandoned: AbortSignal): Promise<JobRow> {
    return this.admission.runNow(userId, input, abandoned);
  }

  get(id: string): Promise<JobRow | undefined> {
    return this.events.get(id);
  }

  /** Calls `listener` with every change of the job until it ends; returns the unsubscribe. */
  subscribe(id: string, listener: (job: JobRow) => void): () => void {
    return this.events.subscribe(id, listener);
  }

  /** Resolves with the job once it has ended (or at once if it already has). */
  waitUntilFinished(id: string, signal?: AbortSignal): Promise<JobRow> {
    return this.events.waitUntilFinished(id, signal);
  }

  /** Cancels a waiting or running job; nothing is charged. Returns the job as it ends up. */
  cancel(id: string): Promise<JobRow | undefined> {
    return this.runner.cancel(id);
  }

  /** See JobTouchUp.save: a new version of the results from a person's mask, uncharged. */
  saveTouchUp(job: JobRow, mask: Buffer): Promise<JobRow> {
    return this.touchUps.save(job, mask);
  }

  /** See JobTouchUp.reset: the model's own results again. */
  resetTouchUp(job: JobRow): Promise<JobRow> {
    return this.touchUps.reset(job);
  }

  /** See JobRunner.giveUp. */
  giveUp(id: string): Promise<void> {
    return this.runner.giveUp(id);
  }

  /** See JobMaintenance.recover. */
  recover(): Promise<number> {
    return this.maintenance.recover();
  }

  /** See JobMaintenance.cleanup. */
  cleanup(now = new Date()): Promise<number> {
    return this.maintenance.cleanup(now);
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
      if (late) this.runner.handBackAll();
    }
    await closing;
  }
}
