import multipart from '@fastify/multipart';
import { apiKeyTexts, publicApiEndpoints, publicApiHeaders } from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { RetryLaterError } from '../../errors.js';
import { route } from '../../http/route.js';
import { KeyRateLimiter } from '../../plugins/rate-limits.js';
import { creditBalance } from '../credits/credits.service.js';
import { usageOf, type JobsService } from '../jobs/jobs.service.js';
import { toJob, type ResultSigner } from '../jobs/result-links.js';
import type { Compositor } from '../compose/compose.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import { processingDocs, readDocs } from './public-api.openapi.js';
import {
  keySecurity,
  MAX_BODY_BYTES,
  removeBackgroundHandler,
  removeDescription,
  uploadLimit,
} from './public-api.processing.routes.js';
import { removeBgRoutes } from './public-api.removebg.routes.js';
import { jobsPage, ownJob, publicAccount } from './public-api.service.js';

// The public API (issue 13; spec §6, §7): POST /api/v1/remove-background and remove.bg's own
// POST /v1.0/removebg — one operation, two answer styles — plus the account, usage and the
// caller's jobs. Authorised by an API key (`Authorization: Bearer {key}` or `X-Api-Key`) or a
// session, through the one path in plugins/auth.ts. Processing calls are limited per key and
// every answer says where the caller stands (X-RateLimit-*). The handler both processing routes
// share is in public-api.processing.routes.ts; remove.bg's /v1.0 routes in public-api.removebg.routes.ts.

export interface PublicApiRoutesOptions {
  db: Db;
  jobs: JobsService;
  store: ObjectStore;
  /** Backgrounds, shadow, scale, position, roi and crop (modules/compose). */
  compositor: Compositor;
  signer: ResultSigner;
  /** The public URL now (Admin → Integrations or PUBLIC_URL). */
  publicUrl: () => string;
  urlImportAllowHosts: readonly string[];
  rateLimitPerMinute: number;
  /** Counts calls per key; default: in this process's memory at `rateLimitPerMinute`. */
  limiter?: KeyRateLimiter;
}

export const publicApiRoutes: FastifyPluginAsyncZod<PublicApiRoutesOptions> = async (
  app,
  options,
) => {
  const { db, jobs, store, signer, publicUrl } = options;
  // A getter: the public URL is read at each use (it may change in Admin → Integrations).
  const signed = {
    signed: {
      signer,
      get publicUrl() {
        return publicUrl();
      },
    },
  };
  const limiter = options.limiter ?? new KeyRateLimiter(options.rateLimitPerMinute);
  await app.register(multipart, {
    limits: {
      // The larger of the two; each request reads with its own path's limit (readForm).
      fileSize: uploadLimit.removebg,
      // image_file (or file), bg_image_file, and every remove.bg field with room to spare.
      files: 3,
      fields: 40,
      fieldSize: MAX_BODY_BYTES.removebg,
      parts: 43,
    },
  });
  // remove.bg callers posting only fields (image_url) often send a URL-encoded form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES.removebg },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // The key alone: a session cookie is not read on these paths (docs/decisions/0160).
  const needsKey = app.keyGuard({ missing: apiKeyTexts.missingKey });
  /**
   * Counts the call against the account's limit, whichever of its keys made it, so an account
   * with many keys gets one key's allowance (docs/decisions/0161); 429 with Retry-After past it.
   */
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await limiter.hit(`account:${request.caller!.userId}`);
    void reply
      .header(publicApiHeaders.rateLimit, String(state.limit))
      .header(publicApiHeaders.rateLimitRemaining, String(state.remaining))
      .header(publicApiHeaders.rateLimitReset, String(state.resetAt));
    if (!state.allowed) {
      throw new RetryLaterError(
        `Rate limit exceeded: ${state.limit} calls a minute per account. Please retry in ${state.retryAfter} seconds.`,
        state.retryAfter,
      );
    }
  };

  const removeBackground = removeBackgroundHandler({
    db,
    jobs,
    store,
    compositor: options.compositor,
    signed,
    urlImportAllowHosts: options.urlImportAllowHosts,
  });

  route(
    app,
    publicApiEndpoints.removeBackground,
    {
      onRequest: [needsKey, rateLimited],
      bodyLimit: MAX_BODY_BYTES.v1,
      config: { swaggerTransform: processingDocs('v1') },
      schema: {
        tags: ['public api'],
        security: keySecurity,
        operationId: 'removeBackground',
        summary: 'Remove the background of an image',
        description: removeDescription,
      },
    },
    async (request, reply) => removeBackground(request, reply, 'v1'),
  );
  await app.register(removeBgRoutes, {
    db,
    rateLimited,
    removeBackground: (request, reply) => removeBackground(request, reply, 'removebg'),
  });

  route(
    app,
    publicApiEndpoints.account,
    {
      onRequest: needsKey,
      config: { swaggerTransform: readDocs('v1', 'The account behind the key.') },
      schema: {
        tags: ['public api'],
        security: keySecurity,
        operationId: 'getAccount',
        summary: 'The account behind the key: balance, plan, images this month',
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return publicAccount(db, request.caller!.userId, options.rateLimitPerMinute);
    },
  );

  route(
    app,
    publicApiEndpoints.usage,
    {
      onRequest: needsKey,
      config: { swaggerTransform: readDocs('v1', 'Credits left and images processed.') },
      schema: {
        tags: ['public api'],
        security: keySecurity,
        operationId: 'getUsage',
        summary: 'Credits left and images processed (all time, this month)',
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const userId = request.caller!.userId;
      const [credits, counts] = await Promise.all([creditBalance(db, userId), usageOf(db, userId)]);
      return {
        credits,
        images_processed: counts.total,
        images_processed_this_month: counts.recent,
      };
    },
  );

  route(
    app,
    publicApiEndpoints.jobs,
    {
      onRequest: needsKey,
      config: { swaggerTransform: readDocs('v1', 'A page of jobs, newest first.') },
      schema: {
        tags: ['public api'],
        security: keySecurity,
        operationId: 'listJobs',
        summary: "The caller's jobs, newest first, with signed result addresses",
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, per_page } = request.query;
      return jobsPage(db, request.caller!.userId, page, per_page, signed);
    },
  );

  route(
    app,
    publicApiEndpoints.job,
    {
      onRequest: needsKey,
      config: { swaggerTransform: readDocs('v1', 'The job, with signed result addresses.') },
      schema: {
        tags: ['public api'],
        security: keySecurity,
        operationId: 'getJob',
        summary: "One of the caller's jobs: recover a result after a dropped connection",
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return toJob(await ownJob(jobs, request.caller!.userId, request.params.id), signed);
    },
  );
};
