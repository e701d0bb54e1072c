import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { AppError } from '../errors.js';
import type { SharedRedis } from './shared-redis.js';

// Every rate limit of the server, in one place. Counters are per process (@fastify/rate-limit's
// memory store) unless REDIS_URL is set; then they are in Redis, shared by every API process
// (docs/decisions/0114). The accounts' limits are never per process: without Redis they are
// kept in the database, so a restart does not reset them (decision 0265). Keyed by client address unless a route says otherwise. Time windows are
// in ms.

/**
 * Abuse limits (docs/decisions/0035, 0061): each route is limited per client address, and the
 * account-facing ones also per e-mail (or per token), so neither many addresses against one
 * account nor one address against many accounts gets far. Failed sign-ins slow the address that
 * fails them (docs/decisions/0068).
 */
export const rateLimits = {
  accounts: {
    // Per account, sign-in is slowed by failures (failedSignIns), not by a request count that
    // anyone could spend to keep the owner out (docs/decisions/0068).
    signIn: { perIp: { max: 20, timeWindow: 60_000 } },
    signUp: {
      perIp: { max: 10, timeWindow: 60 * 60_000 },
      perAccount: { max: 5, timeWindow: 60 * 60_000 },
    },
    forgotPassword: {
      perIp: { max: 10, timeWindow: 15 * 60_000 },
      perAccount: { max: 3, timeWindow: 60 * 60_000 },
    },
    resetPassword: {
      perIp: { max: 10, timeWindow: 15 * 60_000 },
      perAccount: { max: 5, timeWindow: 15 * 60_000 },
    },
    validateResetToken: { perIp: { max: 30, timeWindow: 60_000 } },
    /** The sign-up mail sent again (decision 0265): a person needs one or two. */
    resendVerification: {
      perIp: { max: 10, timeWindow: 60 * 60_000 },
      perAccount: { max: 3, timeWindow: 60 * 60_000 },
    },
    /** Opening the mailed link: its token is checked by signature, this only bounds the work. */
    verifyEmail: { perIp: { max: 30, timeWindow: 60_000 } },
    /** Per admin: Admin Setup's credentials form, which checks the current password. */
    adminCredentials: { max: 10, timeWindow: 15 * 60_000 },
    /** Back-off per account and address; a ceiling per account (docs/decisions/0068). */
    failedSignIns: {
      freeFailures: 5,
      baseDelayMs: 30_000,
      maxDelayMs: 15 * 60_000,
      forgetAfterMs: 60 * 60_000,
      accountCeiling: 50,
      accountWindowMs: 15 * 60_000,
      knownAddressMs: 30 * 24 * 60 * 60_000,
    },
  },
  /** Per account (decision 0270): an export reads every file of the account; a deletion checks a password. */
  leaving: {
    dataExport: { max: 3, timeWindow: 60 * 60_000 },
    deleteAccount: { max: 10, timeWindow: 15 * 60_000 },
  },
  /** Enough for a person, too few for a spam run. */
  contact: { max: 5, timeWindow: 10 * 60_000 },
  newsletter: { max: 10, timeWindow: 60 * 60_000 },
  payments: {
    checkout: { max: 20, timeWindow: 60_000 },
    emailReceipt: { max: 5, timeWindow: 10 * 60_000 },
    sandboxPay: { max: 30, timeWindow: 60_000 },
    refundRequest: { max: 5, timeWindow: 10 * 60_000 },
    /** Per address: a provider sends a few a minute; a flood is cut short (decision 0122). */
    webhook: { max: 120, timeWindow: 60_000 },
  },
  /** So a render loop in one tab cannot flood the table. */
  errorReports: { max: 30, timeWindow: 60_000 },
} as const;

/** @fastify/rate-limit, off unless a route asks; a limited request gets the one error shape. */
export function rateLimitOptions(redis?: SharedRedis): RateLimitPluginOptions {
  return {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate_limited',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
    ...(redis ? { store: redisRateLimitStore(redis) } : {}),
  };
}

/** A fixed window's count after this hit, and how long the window still runs. */
export interface WindowHit {
  count: number;
  ttlMs: number;
}

/** Counts hits per key in fixed windows that start with a key's first hit. */
export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<WindowHit>;
}

/** Per process; bounded by pruning ended windows once there are many keys. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size > 10_000) this.prune(now, windowMs);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, ttlMs: window.start + windowMs - now };
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, w] of this.windows) {
      if (now - w.start >= windowMs) this.windows.delete(key);
    }
  }
}

// INCR, and the window's TTL set by its first hit (or repaired if a key has lost it), in one
// script so concurrent hits from several processes count exactly.
const WINDOW_HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** In Redis, shared by every API process; in this process's memory while Redis fails (0115). */
export class RedisWindowCounter implements WindowCounter {
  private readonly memory = new MemoryWindowCounter();

  constructor(
    private readonly redis: SharedRedis,
    private readonly use: string,
  ) {}

  hit(key: string, windowMs: number): Promise<WindowHit> {
    return this.redis.orMemory(
      this.use,
      async () => {
        const [count, ttlMs] = (await this.redis.client.eval(
          WINDOW_HIT,
          1,
          `${this.redis.prefix}rl:${key}`,
          windowMs,
        )) as [number, number];
        return { count, ttlMs };
      },
      () => this.memory.hit(key, windowMs),
    );
  }
}

/**
 * @fastify/rate-limit's store on a RedisWindowCounter (its own Redis store has no fallback).
 * Route limits (`config.rateLimit`) get the route in their keys; limits made with
 * createRateLimit carry their own name in their keys (accounts.routes.ts).
 */
function redisRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  const counter = new RedisWindowCounter(redis, 'rate-limit');
  const store = (scope: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counter.hit(`${scope}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
        (error: Error) => callback(error),
      );
    },
    // Called with the limit's merged options; `routeInfo` is the route ({} for createRateLimit).
    child(options) {
      const route = (
        options as unknown as { routeInfo?: { method?: string | string[]; url?: string } }
      ).routeInfo;
      return store(
        route?.method && route.url ? `${[route.method].flat().join(',')}${route.url}:` : '',
      );
    },
  });
  return class {
    constructor() {
      return store('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** When the window ends, Unix time in seconds (remove.bg's X-RateLimit-Reset). */
  resetAt: number;
  /** Seconds to wait when refused. */
  retryAfter: number;
  allowed: boolean;
}

/**
 * The public API's limit: `max` calls per key (or per signed-in user) in fixed one-minute
 * windows, on the same counters as the other limits (memory, or Redis when configured). Its
 * state goes into every answer's X-RateLimit-* headers, which @fastify/rate-limit cannot do
 * with the key known only after authentication.
 */
export class KeyRateLimiter {
  constructor(
    private readonly max: number,
    private readonly counter: WindowCounter = new MemoryWindowCounter(),
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<RateLimitState> {
    const { count, ttlMs } = await this.counter.hit(`api-key:${key}`, this.windowMs);
    const resetMs = this.now() + ttlMs;
    return {
      limit: this.max,
      remaining: Math.max(0, this.max - count),
      resetAt: Math.ceil(resetMs / 1000),
      retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)),
      allowed: count <= this.max,
    };
  }
}
