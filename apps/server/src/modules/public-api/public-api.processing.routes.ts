import { limits, publicApiHeaders, publicApiLimits, publicApiTexts } from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Compositor } from '../compose/compose.service.js';
import { creditBalance } from '../credits/credits.service.js';
import { holdsCredit, readMultipart, type UploadedFile } from '../jobs/jobs.input.js';
import { abandonSignal } from '../jobs/jobs.routes.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { resultLinks, type LinkStyle } from '../jobs/result-links.js';
import type { ObjectStore } from '../storage/object-store.js';
import { parseParams, type Fields } from './public-api.params.js';
import { renderResult } from './public-api.render.js';
import { inputFor, zipFiles } from './public-api.service.js';

// The one processing operation behind POST /api/v1/remove-background and remove.bg's POST
// /v1.0/removebg: the form read (multipart, JSON or URL-encoded), the job run at once, and the
// answer in the caller's style — Cutout's, or remove.bg's (decisions 0080, 0162).

/** The upload limit: Cutout's 10 MB on /api/v1, remove.bg's 12 MB on /v1.0 (decision 0162). */
export const uploadLimit = {
  v1: limits.maxUploadBytes,
  removebg: publicApiLimits.removeBgMaxUploadBytes,
} as const;

/** A body that holds an image of `bytes` as base64 (4/3 of it) plus the other fields. */
const bodyLimitFor = (bytes: number) => Math.ceil((bytes * 4) / 3) + 64 * 1024;
export const MAX_BODY_BYTES = {
  v1: bodyLimitFor(uploadLimit.v1),
  removebg: bodyLimitFor(uploadLimit.removebg),
} as const;

function wantsJson(request: FastifyRequest): boolean {
  return /application\/json/i.test(request.headers.accept ?? '');
}

export type Style = 'v1' | 'removebg';

/** remove.bg's defaults where they differ from Cutout's: no `size` means a preview (0162). */
function withRemoveBgDefaults(fields: Fields): Fields {
  const size = fields.size;
  const absent = size === undefined || size === null || (typeof size === 'string' && !size.trim());
  return absent ? { ...fields, size: 'preview' } : fields;
}

/** OpenAPI: either header carries the key (securitySchemes in plugins/openapi.ts). */
export const keySecurity: { [scheme: string]: string[] }[] = [
  { bearerAuth: [] },
  { apiKeyHeader: [] },
];

/** The fields and answers of both processing routes, for their OpenAPI descriptions. */
export const removeDescription = [
  'The image as multipart `image_file` (or `file`), `image_file_b64` (base64) or `image_url` — exactly one.',
  'Fields (multipart, JSON or URL-encoded; empty means default): `size` (auto|preview|small|regular|medium|hd|full|4k|50MP; previews are free, at most 0.25 MP, 50 a month), `format` (auto|png|jpg|webp|zip), `channels` (rgba|alpha), `variant` (refined|white_bg|transparent_bg|all).',
  'Composition (one background at most): `bg_color` (hex such as 81d4fa, with alpha as 81d4fa80, or a colour name), `bg_image_url` (fetched like image_url), `bg_image_file` (multipart file), `bg_blur` (true: the original background blurred), `bg_image_fit` (cover|contain), `add_shadow` (true|false), `shadow_type` (none|drop|car|3D), `shadow_opacity` (0–100), `scale` (10%–100% or original), `position` (original|center|x% [y%]), `roi` (x1 y1 x2 y2 in px or %), `crop` (true|false), `crop_margin` (1, 2 or 4 values in px or %), `type_level` (none|1|2|latest: X-Type is `other`, or absent with none).',
  "remove.bg's `type` and `semitransparency` are accepted and ignored (and `shadow_type` car or 3D draws Cutout's drop shadow); the X-Ignored-Parameters header names those sent with a non-default value.",
  'With `Accept: application/json` the answer is JSON (the image base64 in `result_b64` and signed addresses of the three PNG results); otherwise the image itself.',
  'Headers: X-Credits-Charged, X-Width, X-Height, X-Job-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset (Unix seconds), Retry-After on 429. 402 when the balance is too low; a failed call costs nothing.',
].join('\n\n');

export interface ProcessingDeps {
  db: Db;
  jobs: JobsService;
  store: ObjectStore;
  compositor: Compositor;
  /** Signed result addresses in JSON answers. */
  signed: LinkStyle;
  urlImportAllowHosts: readonly string[];
}

/** The handler both processing routes share: `style` picks the upload limit and the answers. */
export function removeBackgroundHandler(deps: ProcessingDeps) {
  const { db, jobs, store, signed } = deps;

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
      deps.urlImportAllowHosts,
      uploadLimit[style],
    );
    // A background image is fetched and checked before the job runs: refused, it costs nothing.
    const composition = await deps.compositor.prepare(params.composition);
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
      deps.compositor,
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

  return removeBackground;
}
