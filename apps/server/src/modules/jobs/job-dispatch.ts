import { JobQueue } from './job-queue.js';

// How a stored job reaches a worker. Two ways, one interface, so the processing service does not
// branch on the mode: the embedded default (`InProcessDispatch`, the fair in-process JobQueue
// feeding this process's engine pool) and scale-out (`BullDispatch`, BullMQ on Redis feeding
// any number of worker processes; decision 0110).

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
   * True when other processes take jobs from the same queue: a job found 'processing' may be a
   * dead worker's to take over, and a restart must not put running jobs back.
   */
  readonly shared: boolean;
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
  readonly shared = false;
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
