import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { AppError } from '../errors.js';

// Every rate limit of the server, in one place. Counters are per process (@fastify/rate-limit's
// memory store), keyed by client address unless a route says otherwise. Time windows are in ms.

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
  /** Enough for a person, too few for a spam run. */
  contact: { max: 5, timeWindow: 10 * 60_000 },
  newsletter: { max: 10, timeWindow: 60 * 60_000 },
  payments: {
    checkout: { max: 20, timeWindow: 60_000 },
    emailReceipt: { max: 5, timeWindow: 10 * 60_000 },
    sandboxPay: { max: 30, timeWindow: 60_000 },
  },
  /** So a render loop in one tab cannot flood the table. */
  errorReports: { max: 30, timeWindow: 60_000 },
} as const;

/** @fastify/rate-limit, off unless a route asks; a limited request gets the one error shape. */
export const rateLimitOptions: RateLimitPluginOptions = {
  global: false,
  errorResponseBuilder: (_request, context) =>
    new AppError(
      429,
      'rate_limited',
      `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    ),
};

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
 * windows, in memory per process like @fastify/rate-limit's store. Its state goes into every
 * answer's X-RateLimit-* headers, which that plugin cannot do with the key known only after
 * authentication.
 */
export class KeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateLimitState {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    const allowed = window.count < this.max;
    if (allowed) window.count++;
    const resetMs = window.start + this.windowMs;
    return {
      limit: this.max,
      remaining: this.max - window.count,
      resetAt: Math.ceil(resetMs / 1000),
      retryAfter: Math.max(1, Math.ceil((resetMs - now) / 1000)),
      allowed,
    };
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) {
      if (now - w.start >= this.windowMs) this.windows.delete(key);
    }
  }
}
