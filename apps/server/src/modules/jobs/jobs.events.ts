import { EventEmitter } from 'node:events';
import { finishedJobStatuses } from '@cutout/contracts';
import { AbortedError } from '@cutout/engine';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { JobEventBus } from './job-event-bus.js';
import { findJob } from './jobs.repository.js';
import type { JobRow } from './jobs.types.js';

// Live job changes: every change is published to this process's listeners (server-sent events,
// waiting requests) and, in scale-out mode, to the other processes through the bus; running
// jobs' state is kept here so a listener sees progress without a database read.

export class JobEvents {
  private readonly emitter = new EventEmitter();
  /** Live state of running jobs. */
  private readonly live = new Map<string, JobRow>();

  constructor(
    private readonly db: Db,
    private readonly bus?: JobEventBus,
  ) {
    // Every open event stream and waiting request is a listener; there may be many.
    this.emitter.setMaxListeners(0);
    // Changes made by other processes (the worker running a job, the API that took a cancel)
    // reach this process's listeners as if made here.
    bus?.onJob((job) => this.emitter.emit(job.id, job));
  }

  publish(job: JobRow): void {
    this.emitter.emit(job.id, job);
    this.bus?.publish(job);
  }

  /** Keeps `job` (mutated by its run) as the answer to `get` while it runs. */
  track(job: JobRow): void {
    this.live.set(job.id, job);
  }

  untrack(id: string): void {
    this.live.delete(id);
  }

  async get(id: string): Promise<JobRow | undefined> {
    return this.live.get(id) ?? (await findJob(this.db, id));
  }

  /** Calls `listener` with every change of the job until it ends; returns the unsubscribe. */
  subscribe(id: string, listener: (job: JobRow) => void): () => void {
    this.emitter.on(id, listener);
    return () => this.emitter.off(id, listener);
  }

  /** Resolves with the job once it has ended (or at once if it already has). */
  async waitUntilFinished(id: string, signal?: AbortSignal): Promise<JobRow> {
    return new Promise<JobRow>((resolve, reject) => {
      let settled = false;
      // Pub/sub does not replay what a reconnecting subscriber missed: in shared mode the
      // database is read now and then as well, so an end is never waited for forever.
      const recheck = this.bus
        ? setInterval(() => {
            findJob(this.db, id).then(
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
}
