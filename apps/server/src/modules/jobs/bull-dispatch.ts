import type { JobStatus } from '@cutout/contracts';
import { Queue, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { queueConnection } from '../../plugins/redis-connection.js';
import type { JobDispatch, QueueStats, Room, RunJob } from './job-dispatch.js';
import { countQueuedJobs } from './jobs.repository.js';

// Scale-out dispatch (decision 0110): stored jobs go to a BullMQ queue on Redis and any number
// of worker processes take them. BullMQ holds only the job id; the database row stays the
// source of truth, so the worker re-reads it and a stale queue entry does nothing.
//
// Fairness: open-source BullMQ has no groups. The per-owner share (decision 0100) is kept by
// counting the owner's queued rows in the database before a job is accepted, and the turns by
// BullMQ priorities: an owner's n-th waiting job gets priority n, so everybody's first image
// runs before anybody's second (lower runs first; equal priorities keep their order).
//
// Takeover (decision 0112): a worker holds a lock on its job and renews it while running; when
// it dies the lock runs out, another worker's stalled-job check puts the job back, and the next
// worker claims the row (JobsService raises `attempts`) and runs it again.

export interface BullDispatchOptions {
  url: string;
  /** Redis key prefix: several Cutouts (or tests) can share one Redis. */
  prefix: string;
  db: Db;
  /** Jobs allowed to wait in all; beyond that, 503. */
  capacity: number;
  log: FastifyBaseLogger;
  /** Run jobs in this process (worker processes; an API with ENGINE_WORKERS > 0). */
  work?: {
    concurrency: number;
    run: RunJob;
    lockMs: number;
    stalledIntervalMs: number;
    /** Called when the queue gives up on a job (it failed to run again and again). */
    giveUp: (id: string) => Promise<void>;
  };
}

const QUEUE_NAME = 'jobs';
/** Retries of a run that failed outside the image (shutdown hand-back, database away). */
const ATTEMPTS = 20;

interface JobData {
  id: string;
}

export class BullDispatch implements JobDispatch {
  readonly claimable: readonly JobStatus[] = ['queued', 'processing'];
  readonly cancelsInDatabase = true;
  readonly orphanSweeps = 2;
  private readonly queue: Queue<JobData>;
  private readonly worker: Worker<JobData> | undefined;
  private readonly perOwnerShare: number;
  private counts = { waiting: 0, running: 0 };
  private readonly refresh: NodeJS.Timeout;

  constructor(private readonly options: BullDispatchOptions) {
    const connection = queueConnection(options.url);
    this.queue = new Queue<JobData>(QUEUE_NAME, { connection, prefix: options.prefix });
    this.queue.on('error', (error) => options.log.warn({ err: error }, 'job queue: Redis error'));
    this.perOwnerShare = Math.max(1, Math.ceil(options.capacity / 2));
    const work = options.work;
    if (work) {
      this.worker = new Worker<JobData>(
        QUEUE_NAME,
        async (job: Job<JobData>) => {
          // Handed back (shutdown, pool full): failing the attempt makes BullMQ queue it again.
          if ((await work.run(job.data.id)) === 'handed-back') throw new Error('handed back');
        },
        {
          connection,
          prefix: options.prefix,
          concurrency: work.concurrency,
          lockDuration: work.lockMs,
          stalledInterval: work.stalledIntervalMs,
          // A job whose worker died twice in a row still gets a third run.
          maxStalledCount: 2,
        },
      );
      this.worker.on('error', (error) =>
        options.log.warn({ err: error }, 'job worker: Redis error'),
      );
      this.worker.on('failed', (job, error) => {
        if (!job) return;
        // Out of attempts, or its workers died more than maxStalledCount times: BullMQ has
        // dropped it, so the row must end here or it would wait forever.
        const final =
          job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled more than/i.test(error.message);
        if (!final && error.message === 'handed back') return;
        options.log.error({ err: error, job: job.data.id }, 'the job queue gave up on a job');
        if (final) void work.giveUp(job.data.id).catch(() => undefined);
      });
    }
    // Health and metrics read counts synchronously; Redis is asked every two seconds.
    this.refresh = setInterval(() => void this.readCounts(), 2000);
    this.refresh.unref();
    void this.readCounts();
  }

  async room(owner: string): Promise<Room> {
    const [all, mine] = await Promise.all([
      countQueuedJobs(this.options.db),
      countQueuedJobs(this.options.db, owner),
    ]);
    if (all === 0) return 'ok';
    if (all >= this.options.capacity) return 'full';
    return mine < this.perOwnerShare ? 'ok' : 'own-share';
  }

  async enqueue(id: string, owner: string): Promise<void> {
    // This job's row is already queued, so the count is its place among the owner's jobs.
    const place = Math.max(1, await countQueuedJobs(this.options.db, owner));
    await this.queue.add(
      'process',
      { id },
      {
        // The job's id: adding it twice (a restart's recovery) does nothing.
        jobId: id,
        priority: Math.min(place, 2_000_000),
        attempts: ATTEMPTS,
        backoff: { type: 'fixed', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  retryWhenPoolFull(): void {
    // The worker threw 'handed back': BullMQ runs the job again after its backoff.
  }

  async remove(id: string): Promise<boolean> {
    const job = await this.queue.getJob(id);
    if (!job) return false;
    const state = await job.getState();
    if (state !== 'waiting' && state !== 'prioritized' && state !== 'delayed') return false;
    try {
      await job.remove();
      return true;
    } catch {
      // Taken by a worker meanwhile (it is locked): the worker finds the row cancelled.
      return false;
    }
  }

  stats(): QueueStats {
    return {
      waiting: this.counts.waiting,
      running: this.counts.running,
      concurrency: this.options.work?.concurrency ?? 0,
      capacity: this.options.capacity,
      owners: 0,
    };
  }

  async close(): Promise<void> {
    clearInterval(this.refresh);
    // Waits for the jobs running here (JobsService hands them back if that takes too long).
    await this.worker?.close();
    await this.queue.close();
  }

  private async readCounts(): Promise<void> {
    try {
      const c = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
      this.counts = {
        waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.delayed ?? 0),
        running: c.active ?? 0,
      };
    } catch {
      // Redis away: the last counts stand; the queue's own error handler logs it.
    }
  }
}
