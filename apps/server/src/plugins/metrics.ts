import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { forbidden, unauthorized } from '../errors.js';

// Prometheus metrics at GET /metrics. Each app gets its own registry so tests can build many
// apps in one process. Other modules register their metrics on `app.metrics`.
// The operations endpoints (/metrics, /health/detailed) answer the metrics token or an admin
// session; in production nothing else, so they are off until one is presented (decision 0067).

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
    /** onRequest guard of the operations endpoints: the metrics token or an admin session. */
    requireOperator: onRequestAsyncHookHandler;
  }
}

export interface MetricsOptions {
  /** When set, `Authorization: Bearer <token>` opens the operations endpoints. */
  token?: string | undefined;
  /** In production they are closed to everyone else, token or not; elsewhere open without one. */
  production?: boolean;
}

export const operatorTexts = {
  required: 'The metrics token (Authorization: Bearer …) or an administrator session is required.',
  adminOnly: 'Only administrators may see this.',
} as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

export const metricsPlugin = fp<MetricsOptions>(
  async function metricsPlugin(app: FastifyInstance, opts: MetricsOptions) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'cutout_' });
    const httpDuration = new Histogram({
      name: 'cutout_http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    const expected = opts.token === undefined ? undefined : digest(`Bearer ${opts.token}`);
    app.decorate('requireOperator', async (request: FastifyRequest, reply: FastifyReply) => {
      // Development and tests without a token: open, so a local Prometheus needs no setup.
      if (!expected && !opts.production) return;
      const presented = request.headers.authorization;
      // Hashes of equal length, so the comparison takes the same time whatever was sent.
      if (expected && presented !== undefined && timingSafeEqual(digest(presented), expected)) {
        return;
      }
      const user = await app.loadSession(request, reply);
      if (!user) throw unauthorized(operatorTexts.required);
      if (user.role !== 'admin') throw forbidden(operatorTexts.adminOnly);
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the raw URL, so label values stay bounded.
      const route = request.routeOptions.url ?? 'unmatched';
      httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get(
      '/metrics',
      { logLevel: 'warn', onRequest: app.requireOperator },
      async (_request, reply) => {
        void reply.type(registry.contentType);
        return registry.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['auth'] },
);
