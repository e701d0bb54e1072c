import { authTexts, jobsApiPaths, jobsEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors.js';
import { route } from '../../http/route.js';
import { historyPerPage, type JobHistory } from './jobs.history.js';
import { toJob } from './result-links.js';

// History (issue 25, decision 0156): the signed-in account's processed images within the
// retention, their thumbnails, and deleting one's stored files. Session only, like the
// dashboard it serves.

export interface HistoryRoutesOptions {
  history: JobHistory;
  retentionMs: number;
}

export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, options) => {
  const { history } = options;
  const userId = (request: { user: { id: string } | null }) => {
    if (!request.user) throw unauthorized(authTexts.mustBeLoggedIn);
    return request.user.id;
  };

  route(
    app,
    jobsEndpoints.history,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['processing'],
        summary: "The account's processed images still stored",
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

  route(
    app,
    jobsEndpoints.deleteHistoryItem,
    { onRequest: app.requireUser, schema: { tags: ['processing'] } },
    async (request, reply) => {
      await history.delete(userId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    jobsEndpoints.thumbnail,
    { onRequest: app.requireUser, schema: { tags: ['processing'] } },
    async (request, reply) => {
      const webp = await history.thumbnail(userId(request), request.params.id);
      return reply.type('image/webp').header('cache-control', 'private, max-age=3600').send(webp);
    },
  );
};
