import multipart from '@fastify/multipart';
import {
  apiKeyTexts,
  limits,
  publicApiEndpoints,
  publicApiHeaders,
  publicApiLimits,
  publicApiTexts,
} from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError, RetryLaterError } from '../../errors.js';
import { route } from '../../http/route.js';
import { KeyRateLimiter } from '../../plugins/rate-limits.js';
import { creditBalance } from '../credits/credits.service.js';
import { holdsCredit, readMultipart, type UploadedFile } from '../jobs/jobs.input.js';
import { abandonSignal } from '../jobs/jobs.routes.js';
import { previewsLeft, usageOf, type JobsService } from '../jobs/jobs.service.js';
import { resultLinks, toJob, type ResultSigner } from '../jobs/result-links.js';
import type { Compositor } from '../compose/compose.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import { parseParams, type Fields } from './public-api.params.js';
import { processingDocs, readDocs } from './public-api.openapi.js';
import { useRemoveBgErrors } from './public-api.removebg-errors.js';
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

/** The upload limit: Cutout's 10 MB on /api/v1, remove.bg's 12 MB on /v1.0 (decision 0162). */
const uploadLimit = {
  v1: limits.maxUploadBytes,
  removebg: publicApiLimits.removeBgMaxUploadBytes,
} as const;

/** A body that holds an image of `bytes` as base64 (4/3 of it) plus the other fields. */
const bodyLimitFor = (bytes: number) => Math.ceil((bytes * 4) / 3) + 64 * 1024;
const MAX_BODY_BYTES = {
  v1: bodyLimitFor(uploadLimit.v1),
  removebg: bodyLimitFor(uploadLimit.removebg),
} as const;

function wantsJson(request: FastifyRequest): boolean {
  return /application\/json/i.test(request.headers.accept ?? '');
}

type Style = 'v1' | 'removebg';

/** remove.bg's defaults where they differ from Cutout's: no `size` means a preview (0162). */
function withRemoveBgDefaults(fields: Fields): Fields {
  const size = fields.size;
  const absent = size === undefined || size === null || (typeof size === 'string' && !size.trim());
  return absent ? { ...fields, size: 'preview' } : fields;
}

/** OpenAPI: either header carries the key (securitySchemes in plugins/openapi.ts). */
const keySecurity: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { apiKeyHeader: [] }];

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

  async function readForm(
    request: FastifyRequest,
    style: Style,
  ): Promise<{ file?: UploadedFile; bgImage?: UploadedFile; fields: Fields }> {
    if (request.isMultipart()) {
      const form = await readMultipart(request, {
        maxFileBytes: uploadLimit[style],
        fileFields: ['image_file', 'file'],
        otherFileFields: ['bg_image_file'],
        duplicateMessage: publicApiTexts.twoImages,
        wrongPartMessage:
          'Send the image as a file part named image_file (or file), image_file_b64 as base64 text, or image_url.',
        maxFieldBytes: MAX_BODY_BYTES[style],
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
    const form = await readForm(request, style);
    const params = parseParams(
      style === 'removebg' ? withRemoveBgDefaults(form.fields) : form.fields,
      { bgImage: form.bgImage },
    );
    const json = wantsJson(request);
    if (params.variant === 'all' && (!json || style === 'removebg')) {
      throw new AppError(400, 'validation_failed', publicApiTexts.variantAllNeedsJson);
    }
    const input = await inputFor(
      params,
      form.file,
      caller.via,
      options.urlImportAllowHosts,
      uploadLimit[style],
    );
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
    const credits = await creditBalance(db, caller.userId);
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

  // remove.bg's paths and answers, for code written against remove.bg (docs/decisions/0080).
  await app.register(async (compat) => {
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
      async (request, reply) => removeBackground(request, reply, 'removebg'),
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
