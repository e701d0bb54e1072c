import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { connectRedis } from '../../plugins/redis-connection.js';
import type { JobRow } from './jobs.types.js';

// Job changes between processes in scale-out mode (decision 0111). A worker process runs the
// job; the browser's event stream, a waiting public-API call or a cancel may be on any API
// process. Every process publishes each change of a job on one Redis channel and re-emits what
// the others publish into its own EventEmitter, so listeners do not care where the job runs.
// Cancels travel on a second channel to whichever worker holds the job's AbortController.
// Pub/sub keeps nothing: the database stays the source of truth (waiters re-read it).

export interface JobEventBus {
  publish(job: JobRow): void;
  cancel(id: string): void;
  /** Changes published by other processes. */
  onJob(listener: (job: JobRow) => void): void;
  /** Cancels asked for by other processes. */
  onCancel(listener: (id: string) => void): void;
  close(): Promise<void>;
}

interface Message {
  /** The publishing process, which has already told its own listeners. */
  from: string;
  job?: JobRow;
  cancel?: string;
}

export class RedisJobEvents implements JobEventBus {
  private readonly origin = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly jobListeners: ((job: JobRow) => void)[] = [];
  private readonly cancelListeners: ((id: string) => void)[] = [];
  /** Resolves once subscribed: before that, another process's change would be missed. */
  readonly ready: Promise<void>;

  constructor(url: string, prefix: string, log: FastifyBaseLogger) {
    this.channel = `${prefix}:job-events`;
    this.pub = connectRedis(url, 'events');
    this.sub = connectRedis(url, 'events');
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: unknown) => log.warn({ err: error }, 'job events: Redis error'));
    }
    this.sub.on('message', (_channel: string, raw: string) => {
      let message: Message;
      try {
        message = JSON.parse(raw) as Message;
      } catch {
        return;
      }
      if (message.from === this.origin) return;
      if (message.job) for (const listener of this.jobListeners) listener(message.job);
      if (message.cancel) for (const listener of this.cancelListeners) listener(message.cancel);
    });
    this.ready = this.sub.subscribe(this.channel).then(() => undefined);
  }

  publish(job: JobRow): void {
    this.send({ from: this.origin, job });
  }

  cancel(id: string): void {
    this.send({ from: this.origin, cancel: id });
  }

  onJob(listener: (job: JobRow) => void): void {
    this.jobListeners.push(listener);
  }

  onCancel(listener: (id: string) => void): void {
    this.cancelListeners.push(listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }

  private send(message: Message): void {
    // A lost progress message costs a stale bar for a moment, not a job: not awaited.
    this.pub.publish(this.channel, JSON.stringify(message)).catch(() => undefined);
  }
}
