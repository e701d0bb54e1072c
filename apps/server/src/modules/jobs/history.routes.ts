import {
  authTexts,
  historyQuerySchema,
  historyResponseSchema,
  jobsApiPaths,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../errors.js';
import { historyPerPage, type JobHistory } from './jobs.history.js';
import { toJob } from './result-links.js';

// History (issue 25, decision 0156): the signed-in account's processed images within the
// retention, their thumbnails, and deleting one's stored files. Session only, like the
// dashboard it serves.

export interface HistoryRoutesOptions {
  history: JobHistory;
  retentionMs: number;
}

const idParams = z.object({ id: z.string().min(1).max(64) });

export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, options) => {
  const { history } = options;
  const userId = (request: { user: { id: string } | null }) => {
    if (!request.user) throw unauthorized(authTexts.mustBeLoggedIn);
    return request.user.id;
  };

  app.get(
    jobsApiPaths.history,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['processing'],
        summary: "The account's processed images still stored",
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { entries, total } = await history.list(userId(request), page);
      return {
        items: entries.flatMap(({ job, creditsCharged }) => {
          const view = toJob(job);
          // Listed jobs are completed and not purged: their results exist.
          if (!view.result) return [];
          return {
            id: job.id,
            originalName: job.original_name,
            createdAt: job.created_at,
            expiresAt: job.expires_at,
            width: job.width,
            height: job.height,
            inputBytes: job.input_bytes,
            size: job.size,
            via: job.via,
            creditsCharged,
            thumbnail: jobsApiPaths.thumbnail(job.id),
            result: view.result,
            downloadNames: view.downloadNames,
          };
        }),
        page,
        perPage: historyPerPage,
        total,
        retentionHours: Math.round((options.retentionMs / 3_600_000) * 100) / 100,
      };
    },
  );

  app.delete(
    '/api/me/history/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['processing'], params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await history.delete(userId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/jobs/:id/thumbnail',
    { onRequest: app.requireUser, schema: { tags: ['processing'], params: idParams } },
    async (request, reply) => {
      const webp = await history.thumbnail(userId(request), request.params.id);
      return reply.type('image/webp').header('cache-control', 'private, max-age=3600').send(webp);
    },
  );
};
