import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

// How long a client may take to send a request, and how long an idle connection stays open
// (docs/decisions/0130). The values are here, apart from the plugin that enforces the body's
// pace (slow-clients.ts), so config.ts can read the defaults without loading a plugin.

export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyGraceMs: number;
  bodyMinBytesPerSecond: number;
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** The production values; http-timeouts.test.ts checks how they relate. */
export const httpTimeoutDefaults = {
  headersSeconds: 30,
  requestSeconds: 600,
  bodyGraceSeconds: 20,
  bodyMinBytesPerSecond: 1024,
  idleSeconds: 300,
  keepAliveSeconds: 10,
} as const;

/** How often connections are checked: every second, or more often for short test limits. */
export function checkIntervalMs(t: HttpTimeouts): number {
  return Math.round(Math.max(20, Math.min(1000, t.headersTimeoutMs / 5, t.bodyGraceMs / 5)));
}

/** The Fastify (and Node http.Server) options these timeouts set. */
export function serverTimeoutOptions(
  t: HttpTimeouts,
): Partial<FastifyServerOptions> & { http: ServerOptions } {
  return {
    connectionTimeout: t.idleTimeoutMs,
    keepAliveTimeout: t.keepAliveTimeoutMs,
    requestTimeout: t.requestTimeoutMs,
    http: {
      headersTimeout: t.headersTimeoutMs,
      requestTimeout: t.requestTimeoutMs,
      // Node checks the two above on this interval (its default, 30 s, would let headers
      // trickle for up to a minute).
      connectionsCheckingInterval: checkIntervalMs(t),
    },
  };
}

/**
 * Whether a body that has `received` bytes after `elapsedMs` is too slow: the allowance is the
 * grace plus one second per `minRate` bytes received (Apache mod_reqtimeout's rule).
 */
export function bodyTooSlow(
  elapsedMs: number,
  received: number,
  t: Pick<HttpTimeouts, 'bodyGraceMs' | 'bodyMinBytesPerSecond'>,
): boolean {
  return elapsedMs > t.bodyGraceMs + (received / t.bodyMinBytesPerSecond) * 1000;
}
