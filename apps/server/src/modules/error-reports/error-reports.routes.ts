import { errorReportsEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { route } from '../../http/route.js';
import { recordErrorReport } from './error-reports.service.js';
import { rateLimits } from '../../plugins/rate-limits.js';

// POST /api/errors: the browser reports crashes (spec §7), rate-limited per client address.
export const errorReportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(
    app,
    errorReportsEndpoints.report,
    {
      config: { rateLimit: rateLimits.errorReports },
    },
    async (request, reply) => {
      const id = await recordErrorReport(db, request.body, { ip: request.ip });
      return reply.status(202).send({ id });
    },
  );
};
