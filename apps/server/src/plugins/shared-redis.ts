import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import { connectRedis, redactRedisUrl } from './redis-connection.js';

// The one Redis connection the API process shares for its counters: every rate limit, the
// public API's per-key limit and the sign-in back-off (docs/decisions/0114). When a Redis
// command fails, its caller falls back to the process's own memory for that call, so an outage
// turns the limits back into per-process limits instead of refusing traffic or letting it all
// through (docs/decisions/0115).

export interface SharedRedis {
  client: Redis;
  /** Every key starts with it ("cutout:" in production; unique per test run). */
  prefix: string;
  /**
   * Runs `viaRedis`; when Redis fails, counts the fallback, warns (once per outage, not per
   * request) and answers with `inMemory` instead.
   */
  orMemory<T>(use: string, viaRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T>;
  /** Adds the fallback counter to the app's metrics (made after the rate-limit plugin). */
  registerMetrics(registry: Registry): void;
  /** Connects (the client is created without connecting); does not throw when Redis is down. */
  connect(): Promise<void>;
  close(): Promise<void>;
}

export interface SharedRedisOptions {
  url: string;
  prefix: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export function createSharedRedis(options: SharedRedisOptions): SharedRedis {
  const { log } = options;
  const client = connectRedis(options.url, 'counters');
  const fallbacks = new Counter({
    name: 'cutout_redis_fallbacks_total',
    help: 'Counter operations answered from process memory because Redis failed, by use.',
    labelNames: ['use'] as const,
    registers: [],
  });

  let outageSince: number | undefined;
  const redacted = redactRedisUrl(options.url);
  // ioredis reports every failed reconnect; one line per outage is enough.
  client.on('error', (err: Error) => {
    if (outageSince !== undefined) return;
    outageSince = Date.now();
    log.warn(
      { err, redis: redacted },
      'Redis is unavailable: rate limits and the sign-in back-off count per process until it is back',
    );
  });
  const recovered = () => {
    if (outageSince === undefined) return;
    log.info({ redis: redacted, downMs: Date.now() - outageSince }, 'Redis is back');
    outageSince = undefined;
  };
  client.on('ready', recovered);

  return {
    client,
    prefix: options.prefix,
    registerMetrics: (registry) => registry.registerMetric(fallbacks),
    async orMemory<T>(use: string, viaRedis: () => Promise<T>, inMemory: () => Promise<T>) {
      let result: T;
      try {
        result = await viaRedis();
      } catch (err) {
        fallbacks.inc({ use });
        if (outageSince === undefined) {
          outageSince = Date.now();
          log.warn(
            { err, redis: redacted, use },
            'Redis command failed: counting in process memory until Redis answers again',
          );
        }
        return inMemory();
      }
      recovered();
      return result;
    },
    async connect() {
      try {
        await client.connect();
      } catch {
        // Logged by the 'error' handler; ioredis keeps reconnecting in the background.
      }
    },
    async close() {
      client.disconnect(false);
    },
  };
}
