import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { unauthorized } from '../errors.js';

// Prometheus metrics at GET /metrics. Each app gets its own registry so tests can build many
// apps in one process. Other modules register their metrics on `app.metrics`.

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

export interface MetricsOptions {
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

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

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the raw URL, so label values stay bounded.
      const route = request.routeOptions.url ?? 'unmatched';
      httpDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
      if (opts.token && request.headers.authorization !== `Bearer ${opts.token}`) {
        throw unauthorized('A valid metrics token is required.');
      }
      void reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
