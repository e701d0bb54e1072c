import type { JobStatus } from '@cutout/contracts';
import { JobQueue } from './job-queue.js';

// How a stored job reaches a worker. Two ways, one interface, so the processing service does not
// branch on the mode: the embedded default (`InProcessDispatch`, the fair in-process JobQueue
// feeding this process's engine pool) and scale-out (`BullDispatch`, BullMQ on Redis feeding
// any number of worker processes; decision 0110). What differs between the two for the jobs
// service (what a run may claim, how a running job is cancelled, when a stray file is deleted,
// who retries a job handed back) is stated here as policy, not asked of a mode.

export interface QueueStats {
  waiting: number;
  running: number;
  concurrency: number;
  capacity: number;
  owners: number;
}

/** Whether a new job may wait: yes, no room at all, or not for this owner (decision 0100). */
export type Room = 'ok' | 'full' | 'own-share';

export interface JobDispatch {
  /**
   * The statuses a run may claim a job in. With other processes on the same queue, a job found
   * 'processing' is a dead (or stalled) worker's to take over, as the queue hands a job to one
   * worker at a time; a restart puts back only what is not claimable as it is.
   */
  readonly claimable: readonly JobStatus[];
  /**
   * Whether cancelling a running job ends its row at once and tells every process: the run may
   * be in another process, or on a dead worker waiting for takeover. Otherwise the run is here,
   * and the cancel waits for it to stop.
   */
  readonly cancelsInDatabase: boolean;
  /**
   * Sweeps a stored prefix must be found without a job before it is deleted: another process
   * may be writing an upload whose row does not exist yet.
   */
  readonly orphanSweeps: number;
  /** A job handed back because the engine's pool was full: queue it again shortly, or leave it
   * to a queue that retries by itself. */
  retryWhenPoolFull(id: string, owner: string): void;
  room(owner: string): Promise<Room>;
  /** Queues a stored job (idempotent: a job already queued is not queued twice). */
  enqueue(id: string, owner: string): Promise<void>;
  /** Takes a waiting job out of the queue; false when it is running, gone or unknown. */
  remove(id: string): Promise<boolean>;
  stats(): QueueStats;
  /** Stops taking jobs; resolves when the ones running here have ended. */
  close(): Promise<void>;
}

/** Runs one job to its end; 'handed-back' when it must run again later (shutdown, pool full). */
export type RunJob = (id: string) => Promise<'done' | 'handed-back'>;

export class InProcessDispatch implements JobDispatch {
  readonly claimable: readonly JobStatus[] = ['queued'];
  readonly cancelsInDatabase = false;
  readonly orphanSweeps = 1;
  private readonly queue: JobQueue;

  constructor(concurrency: number, capacity: number, run: RunJob) {
    this.queue = new JobQueue(concurrency, capacity, async (id) => {
      await run(id);
    });
  }

  async room(owner: string): Promise<Room> {
    if (!this.queue.hasRoom()) return 'full';
    return this.queue.hasRoom(owner) ? 'ok' : 'own-share';
  }

  async enqueue(id: string, owner: string): Promise<void> {
    this.queue.enqueue(id, owner);
  }

  retryWhenPoolFull(id: string, owner: string): void {
    setTimeout(() => this.queue.enqueue(id, owner), 500).unref();
  }

  async remove(id: string): Promise<boolean> {
    return this.queue.remove(id);
  }

  stats(): QueueStats {
    return this.queue.stats();
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
