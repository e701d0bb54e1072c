import { detailedHealthSchema, healthSchema } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailedHealth, type HealthDeps } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  // Liveness: the process answers. Cheap, no dependencies touched.
  app.get(
    '/health',
    { logLevel: 'warn', schema: { response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness and detail: database round trip, queue and model state. 503 when the database is down.
  app.get(
    '/health/detailed',
    {
      logLevel: 'warn',
      // It names versions, dialects and queue depths: operators only (decision 0067).
      onRequest: app.requireOperator,
      schema: { response: { 200: detailedHealthSchema, 503: detailedHealthSchema } },
    },
    async (_request, reply) => {
      const health = await detailedHealth(deps);
      return reply.status(health.status === 'down' ? 503 : 200).send(health);
    },
  );
};
