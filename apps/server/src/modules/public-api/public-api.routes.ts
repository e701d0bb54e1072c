import multipart from '@fastify/multipart';
import {
  apiKeyTexts,
  errorBodySchema,
  jobSchema,
  jobsPageQuerySchema,
  jobsPageSchema,
  limits,
  publicAccountSchema,
  publicApiHeaders,
  publicApiPaths,
  publicApiTexts,
  publicRemoveResponseSchema,
  removeBgAccountSchema,
  removeBgErrorSchema,
  removeBgResponseSchema,
  usageSchema,
} from '@cutout/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, RetryLaterError } from '../../errors.js';
import { KeyRateLimiter } from '../../plugins/rate-limits.js';
import { findBalance } from '../credits/credits.repository.js';
import { holdsCredit, readMultipart, type UploadedFile } from '../jobs/jobs.input.js';
import { abandonSignal } from '../jobs/jobs.routes.js';
import { previewsLeft, usageOf, type JobsService } from '../jobs/jobs.service.js';
import { resultLinks, toJob, type ResultSigner } from '../jobs/result-links.js';
import type { Compositor } from '../compose/compose.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import { parseParams, type Fields } from './public-api.params.js';
import { renderResult } from './public-api.render.js';
import { inputFor, jobsPage, ownJob, publicAccount, zipFiles } from './public-api.service.js';

// The public API (issue 13; spec §6, §7): POST /api/v1/remove-background and remove.bg's own
// POST /v1.0/removebg — one operation, two answer styles — plus the account, usage and the
// caller's jobs. Authorised by an API key (`Authorization: Bearer {key}` or `X-Api-Key`) or a
// session, through the one path in plugins/auth.ts. Processing calls are limited per key and
// every answer says where the caller stands (X-RateLimit-*).

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

/** An image as base64 (4/3 of 10 MB) plus the other fields. */
const MAX_BODY_BYTES = Math.ceil((limits.maxUploadBytes * 4) / 3) + 64 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};

function wantsJson(request: FastifyRequest): boolean {
  return /application\/json/i.test(request.headers.accept ?? '');
}

type Style = 'v1' | 'removebg';

/** OpenAPI: either header carries the key (securitySchemes in plugins/openapi.ts). */
const keySecurity: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { apiKeyHeader: [] }];

/** remove.bg's error codes for ours. */
const removeBgCodes: Record<string, string> = {
  validation_failed: 'invalid_parameters',
  unauthorized: 'auth_failed',
  payment_required: 'insufficient_credits',
  rate_limited: 'rate_limit_exceeded',
  payload_too_large: 'file_too_large',
  unsupported_media_type: 'unknown_format',
  unprocessable: 'failed_to_read_image',
  not_found: 'not_found',
  service_unavailable: 'service_unavailable',
};

/** Answers this context's errors in remove.bg's shape: `{ errors: [{ title, code }] }`. */
function removeBgErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status = 500;
    let code = 'internal';
    let title = 'Something went wrong on our side. Please try again.';
    if (error instanceof AppError) {
      status = error.status;
      code = error.code;
      title = status >= 500 ? title : error.message;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      code = 'validation_failed';
      title = error.message;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      code = status === 413 ? 'payload_too_large' : 'validation_failed';
      title = error.message;
    }
    if (error instanceof RetryLaterError) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send({ errors: [{ title, code: removeBgCodes[code] ?? code }] });
  });
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
      fileSize: limits.maxUploadBytes,
      // image_file (or file), bg_image_file, and every remove.bg field with room to spare.
      files: 3,
      fields: 40,
      fieldSize: MAX_BODY_BYTES,
      parts: 43,
    },
  });
  // remove.bg callers posting only fields (image_url) often send a URL-encoded form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const needsKey = app.callerGuard(apiKeyTexts.missingKey);
  /** Counts the call against the caller's limit; 429 with Retry-After past it. */
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.caller!;
    const state = await limiter.hit(caller.keyId ?? `user:${caller.userId}`);
    void reply
      .header(publicApiHeaders.rateLimit, String(state.limit))
      .header(publicApiHeaders.rateLimitRemaining, String(state.remaining))
      .header(publicApiHeaders.rateLimitReset, String(state.resetAt));
    if (!state.allowed) {
      throw new RetryLaterError(
        `Rate limit exceeded: ${state.limit} calls a minute per API key. Please retry in ${state.retryAfter} seconds.`,
        state.retryAfter,
      );
    }
  };

  async function readForm(
    request: FastifyRequest,
  ): Promise<{ file?: UploadedFile; bgImage?: UploadedFile; fields: Fields }> {
    if (request.isMultipart()) {
      const form = await readMultipart(request, {
        fileFields: ['image_file', 'file'],
        otherFileFields: ['bg_image_file'],
        duplicateMessage: publicApiTexts.twoImages,
        wrongPartMessage:
          'Send the image as a file part named image_file (or file), image_file_b64 as base64 text, or image_url.',
        maxFieldBytes: MAX_BODY_BYTES,
      });
      return {
        file: form.file,
        bgImage: form.otherFiles.get('bg_image_file'),
        fields: Object.fromEntries(form.fields),
      };
    }
    const body = request.body;
    if (body === undefined || body === null) return { fields: {} };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError(400, 'validation_failed', publicApiTexts.noImage);
    }
    return { fields: body as Fields };
  }

  async function removeBackground(request: FastifyRequest, reply: FastifyReply, style: Style) {
    const caller = request.caller!;
    const { file, bgImage, fields } = await readForm(request);
    const params = parseParams(fields, { bgImage });
    const json = wantsJson(request);
    if (params.variant === 'all' && (!json || style === 'removebg')) {
      throw new AppError(400, 'validation_failed', publicApiTexts.variantAllNeedsJson);
    }
    const input = await inputFor(params, file, caller.via, options.urlImportAllowHosts);
    // A background image is fetched and checked before the job runs: refused, it costs nothing.
    const composition = await options.compositor.prepare(params.composition);
    if (!params.preview) await holdsCredit(db, caller.userId);
    const job = await jobs.runNow(caller.userId, input, abandonSignal(reply));
    const charged = job.size === 'preview' ? 0 : 1;
    void reply
      .header(publicApiHeaders.creditsCharged, String(charged))
      .header(publicApiHeaders.jobId, job.id)
      .header('cache-control', 'no-store');
    if (params.ignored.length > 0) {
      void reply.header(publicApiHeaders.ignored, params.ignored.join(', '));
    }
    const credits = (await findBalance(db, caller.userId)) ?? 0;
    if (params.variant === 'all') {
      return reply
        .header(publicApiHeaders.width, String(job.width))
        .header(publicApiHeaders.height, String(job.height))
        .send({
          id: job.id,
          width: job.width ?? 0,
          height: job.height ?? 0,
          credits_charged: charged,
          credits_remaining: credits,
          results: resultLinks(job, signed),
          expires_at: job.expires_at,
        });
    }
    const result = await renderResult(
      store,
      options.compositor,
      job,
      params,
      composition,
      zipFiles,
      style === 'removebg',
    );
    void reply
      .header(publicApiHeaders.width, String(result.width))
      .header(publicApiHeaders.height, String(result.height));
    if (style === 'removebg') {
      // remove.bg's foreground type: Cutout's model does not classify, so every level answers
      // `other`, and type_level=none leaves the header out (decision 0190).
      if (params.composition.typeLevel !== 'none')
        void reply.header(publicApiHeaders.type, 'other');
      void reply
        .header('X-Foreground-Top', String(result.foreground.top))
        .header('X-Foreground-Left', String(result.foreground.left))
        .header('X-Foreground-Width', String(result.foreground.width))
        .header('X-Foreground-Height', String(result.foreground.height));
    }
    if (json) {
      const b64 = result.data.toString('base64');
      if (style === 'removebg') {
        return reply.type('application/json').send(
          JSON.stringify({
            data: {
              result_b64: b64,
              foreground_top: result.foreground.top,
              foreground_left: result.foreground.left,
              foreground_width: result.foreground.width,
              foreground_height: result.foreground.height,
            },
          }),
        );
      }
      return reply.type('application/json').send(
        JSON.stringify({
          id: job.id,
          result_b64: b64,
          type: result.type,
          width: result.width,
          height: result.height,
          credits_charged: charged,
          credits_remaining: credits,
          results: resultLinks(job, signed),
          expires_at: job.expires_at,
        }),
      );
    }
    return reply
      .type(result.type)
      .header('content-length', String(result.data.byteLength))
      .header(
        'content-disposition',
        `inline; filename="${result.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
      )
      .send(result.data);
  }

  const removeDescription = [
    'The image as multipart `image_file` (or `file`), `image_file_b64` (base64) or `image_url` — exactly one.',
    'Fields (multipart, JSON or URL-encoded; empty means default): `size` (auto|preview|small|regular|medium|hd|full|4k|50MP; previews are free, at most 0.25 MP, 50 a month), `format` (auto|png|jpg|webp|zip), `channels` (rgba|alpha), `variant` (refined|white_bg|transparent_bg|all).',
    'Composition (one background at most): `bg_color` (hex such as 81d4fa, with alpha as 81d4fa80, or a colour name), `bg_image_url` (fetched like image_url), `bg_image_file` (multipart file), `bg_blur` (true: the original background blurred), `bg_image_fit` (cover|contain), `add_shadow` (true|false), `shadow_type` (none|drop|car|3D), `shadow_opacity` (0–100), `scale` (10%–100% or original), `position` (original|center|x% [y%]), `roi` (x1 y1 x2 y2 in px or %), `crop` (true|false), `crop_margin` (1, 2 or 4 values in px or %), `type_level` (none|1|2|latest: X-Type is `other`, or absent with none).',
    "remove.bg's `type` and `semitransparency` are accepted and ignored (and `shadow_type` car or 3D draws Cutout's drop shadow); the X-Ignored-Parameters header names those sent with a non-default value.",
    'With `Accept: application/json` the answer is JSON (the image base64 in `result_b64` and signed addresses of the three PNG results); otherwise the image itself.',
    'Headers: X-Credits-Charged, X-Width, X-Height, X-Job-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset (Unix seconds), Retry-After on 429. 402 when the balance is too low; a failed call costs nothing.',
  ].join('\n\n');

  app.post(
    publicApiPaths.removeBackground,
    {
      onRequest: [needsKey, rateLimited],
      bodyLimit: MAX_BODY_BYTES,
      schema: {
        tags: ['public api'],
        security: keySecurity,
        summary: 'Remove the background of an image',
        description: removeDescription,
        response: { 200: publicRemoveResponseSchema, ...errors },
      },
    },
    async (request, reply) => removeBackground(request, reply, 'v1'),
  );

  // remove.bg's paths and answers, for code written against remove.bg (docs/decisions/0080).
  await app.register(async (compat) => {
    removeBgErrors(compat);
    const removeBgErrorsSchema = {
      400: removeBgErrorSchema,
      401: removeBgErrorSchema,
      402: removeBgErrorSchema,
      429: removeBgErrorSchema,
    };
    compat.post(
      publicApiPaths.removeBgCompatible,
      {
        onRequest: [needsKey, rateLimited],
        bodyLimit: MAX_BODY_BYTES,
        schema: {
          tags: ['remove.bg compatible'],
          security: keySecurity,
          summary: "remove.bg's POST /v1.0/removebg: same fields, answers and error shape",
          description: `${removeDescription}\n\nThe JSON answer is remove.bg's \`{ data: { result_b64, foreground_top, foreground_left, foreground_width, foreground_height } }\` with X-Type, X-Width, X-Height; errors are \`{ errors: [{ title, code }] }\`.`,
          response: { 200: removeBgResponseSchema, ...removeBgErrorsSchema },
        },
      },
      async (request, reply) => removeBackground(request, reply, 'removebg'),
    );
    compat.get(
      publicApiPaths.removeBgAccount,
      {
        onRequest: needsKey,
        schema: {
          tags: ['remove.bg compatible'],
          security: keySecurity,
          summary:
            "remove.bg's GET /v1.0/account: the balance as credits, free previews as free calls",
          response: { 200: removeBgAccountSchema, 401: removeBgErrorSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const caller = request.caller!;
        const [credits, free] = await Promise.all([
          findBalance(db, caller.userId),
          previewsLeft(db, caller.userId),
        ]);
        const balance = credits ?? 0;
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
  });

  app.get(
    publicApiPaths.account,
    {
      onRequest: needsKey,
      schema: {
        tags: ['public api'],
        security: keySecurity,
        summary: 'The account behind the key: balance, plan, images this month',
        response: { 200: publicAccountSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return publicAccount(db, request.caller!.userId, options.rateLimitPerMinute);
    },
  );

  app.get(
    publicApiPaths.usage,
    {
      onRequest: needsKey,
      schema: {
        tags: ['public api'],
        security: keySecurity,
        summary: 'Credits left and images processed (all time, this month)',
        response: { 200: usageSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const userId = request.caller!.userId;
      const [credits, counts] = await Promise.all([findBalance(db, userId), usageOf(db, userId)]);
      return {
        credits: credits ?? 0,
        images_processed: counts.total,
        images_processed_this_month: counts.recent,
      };
    },
  );

  app.get(
    publicApiPaths.jobs,
    {
      onRequest: needsKey,
      schema: {
        tags: ['public api'],
        security: keySecurity,
        summary: "The caller's jobs, newest first, with signed result addresses",
        querystring: jobsPageQuerySchema,
        response: { 200: jobsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, per_page } = request.query;
      return jobsPage(db, request.caller!.userId, page, per_page, signed);
    },
  );

  app.get(
    '/api/v1/jobs/:id',
    {
      onRequest: needsKey,
      schema: {
        tags: ['public api'],
        security: keySecurity,
        summary: "One of the caller's jobs: recover a result after a dropped connection",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return toJob(await ownJob(jobs, request.caller!.userId, request.params.id), signed);
    },
  );
};
