import { apiKeyTexts, publicApiEndpoints } from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { route } from '../../http/route.js';
import { creditBalance } from '../credits/credits.service.js';
import { previewsLeft } from '../jobs/jobs.service.js';
import { processingDocs, readDocs } from './public-api.openapi.js';
import { keySecurity, MAX_BODY_BYTES, removeDescription } from './public-api.processing.routes.js';
import { useRemoveBgErrors } from './public-api.removebg-errors.js';

// remove.bg's paths and answers, for code written against remove.bg (docs/decisions/0080):
// POST /v1.0/removebg and GET /v1.0/account, with remove.bg's error shape.

export interface RemoveBgRoutesOptions {
  db: Db;
  /** Counts the call against the account's limit (public-api.routes.ts). */
  rateLimited: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The processing handler Cutout's own route uses too, answering in remove.bg's style. */
  removeBackground: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

export const removeBgRoutes: FastifyPluginAsyncZod<RemoveBgRoutesOptions> = async (
  compat,
  options,
) => {
  const { db, rateLimited } = options;
  useRemoveBgErrors(compat);
  // remove.bg answers a key it does not know with 403 (a missing key stays 401, decision 0162).
  const needsRemoveBgKey = compat.keyGuard({
    missing: apiKeyTexts.missingKey,
    invalidStatus: 403,
  });
  route(
    compat,
    publicApiEndpoints.removeBg,
    {
      onRequest: [needsRemoveBgKey, rateLimited],
      bodyLimit: MAX_BODY_BYTES.removebg,
      config: { swaggerTransform: processingDocs('removebg') },
      schema: {
        operationId: 'removeBg',
        tags: ['remove.bg compatible'],
        security: keySecurity,
        summary: "remove.bg's POST /v1.0/removebg: same fields, answers and error shape",
        description: `${removeDescription}\n\nThe JSON answer is remove.bg's \`{ data: { result_b64, foreground_top, foreground_left, foreground_width, foreground_height } }\` with X-Type, X-Width, X-Height. Per remove.bg's published OpenAPI: no \`size\` means preview, files up to 12 MB, a key it does not know is 403, and a file too large, not an image or unreadable is 400 with \`file_too_large\`, \`invalid_file_type\` or \`failed_to_read_image\`; errors are \`{ errors: [{ title, code, detail }] }\`.`,
      },
    },
    async (request, reply) => options.removeBackground(request, reply),
  );
  route(
    compat,
    publicApiEndpoints.removeBgAccount,
    {
      onRequest: needsRemoveBgKey,
      config: {
        swaggerTransform: readDocs('removebg', 'The balance and the free previews left.'),
      },
      schema: {
        tags: ['remove.bg compatible'],
        security: keySecurity,
        operationId: 'removeBgAccount',
        summary:
          "remove.bg's GET /v1.0/account: the balance as credits, free previews as free calls",
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const caller = request.caller!;
      const [credits, free] = await Promise.all([
        creditBalance(db, caller.userId),
        previewsLeft(db, caller.userId),
      ]);
      const balance = credits;
      return {
        data: {
          attributes: {
            credits: { total: balance, subscription: 0, payg: balance, enterprise: 0 },
            api: { free_calls: free, sizes: 'all' },
          },
        },
      };
    },
  );
};
