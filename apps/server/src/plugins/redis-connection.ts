import { Redis, type RedisOptions } from 'ioredis';

// Every Redis connection Cutout opens is made here, so the options that decide how a process
// behaves when Redis is slow or gone are chosen in one place, per use:
// - 'counters': rate limits and the sign-in back-off (decisions 0114, 0115). Commands fail at
//   once while disconnected and after a short timeout, and the caller counts in memory instead.
// - 'events': job changes and cancels over pub/sub (decision 0111). Reconnects for ever;
//   nothing waits on a command.
// BullMQ (decision 0110) opens its own connections: `queueConnection` gives its options, with
// the `maxRetriesPerRequest: null` it requires so its blocking commands are never cut short.

export type RedisUse = 'counters' | 'events';

/** How long a counter may wait for Redis before the request goes on with memory. */
export const COUNTER_COMMAND_TIMEOUT_MS = 500;

const reconnectBackOff = (times: number) => Math.min(times * 200, 5000);

export function redisOptions(use: RedisUse): RedisOptions {
  switch (use) {
    case 'counters':
      return {
        // Connected when the app is ready, not when it is built (tests build many apps).
        lazyConnect: true,
        enableOfflineQueue: false,
        commandTimeout: COUNTER_COMMAND_TIMEOUT_MS,
        connectTimeout: 2000,
        maxRetriesPerRequest: 0,
        retryStrategy: reconnectBackOff,
      };
    case 'events':
      return { lazyConnect: false, retryStrategy: reconnectBackOff };
  }
}

/**
 * BullMQ's connection options (it opens its own connections, with the ioredis it bundles, so it
 * takes options rather than a client).
 */
export function queueConnection(url: string): { url: string; maxRetriesPerRequest: null } {
  return { url, maxRetriesPerRequest: null };
}

export function connectRedis(url: string, use: RedisUse): Redis {
  return new Redis(url, redisOptions(use));
}

/** The URL without its password, for logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(unparsable URL)';
  }
}
