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
