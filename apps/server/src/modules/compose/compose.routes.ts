import multipart from '@fastify/multipart';
import {
  authTexts,
  composeRequestSchema,
  downloadName,
  exportFormats,
  jobsEndpoints,
  limits,
} from '@cutout/contracts';
import { encodeComposed } from '@cutout/engine';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { contentDisposition, readMultipart, type UploadedFile } from '../jobs/jobs.input.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { parseComposition } from './compose.params.js';
import type { Compositor } from './compose.service.js';
import { oneOf, type Fields } from './form-fields.js';

// The editor's export (issue 25): a finished job's cut-out on a background, with a shadow, at
// full size, through the same composition as the public API — so the editor and the API give
// the same pixels. The job was charged when it completed; composing it again costs nothing.

export interface ComposeRoutesOptions {
  jobs: JobsService;
  compositor: Compositor;
}

/** Composing a 12 MP image takes a core for about a second: plenty for a person, not a flood. */
const exportRateLimit = { max: 30, timeWindow: 60_000 };

const types = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

export const composeRoutes: FastifyPluginAsyncZod<ComposeRoutesOptions> = async (app, options) => {
  const { jobs, compositor } = options;
  await app.register(multipart, {
    limits: { fileSize: limits.maxUploadBytes, files: 1, fields: 20, fieldSize: 4096, parts: 21 },
  });
  const needsOwner = app.callerGuard(authTexts.mustBeLoggedIn);

  async function readBody(
    request: FastifyRequest,
  ): Promise<{ fields: Fields; bgImage?: UploadedFile }> {
    if (request.isMultipart()) {
      const form = await readMultipart(request, {
        fileFields: [],
        otherFileFields: ['bg_image_file'],
        duplicateMessage: 'Send one background image per export.',
        wrongPartMessage: 'Send the background image as a file part named bg_image_file.',
      });
      return {
        fields: Object.fromEntries(form.fields),
        bgImage: form.otherFiles.get('bg_image_file'),
      };
    }
    const parsed = composeRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw new AppError(
        400,
        'validation_failed',
        'Send the export as JSON or a multipart form with the fields bg_color, bg_blur, bg_image_file, bg_image_fit, add_shadow and format.',
      );
    }
    return { fields: parsed.data };
  }

  route(
    app,
    jobsEndpoints.compose,
    {
      onRequest: needsOwner,
      config: { rateLimit: exportRateLimit },
      schema: {
        tags: ['processing'],
        summary: 'Export a finished result on a background, at full size (no charge)',
        description: `The job's refined cut-out composed by the engine: \`bg_color\`, \`bg_blur\`, \`bg_image_file\` (multipart) or \`bg_image_url\`, \`bg_image_fit\` (cover|contain), \`add_shadow\`, \`shadow_opacity\`, \`scale\`, \`position\`, \`crop\`, \`crop_margin\` — the public API's fields and meaning — and \`format\` (${exportFormats.join('|')}). Answers the image; charges nothing (the job was charged when it completed).`,
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const job = await jobs.get(request.params.id);
      // Someone else's job is reported exactly like a missing one.
      if (!job || job.user_id !== caller.userId) throw notFound('Job not found.');
      if (job.status !== 'completed') {
        throw conflict('This image has no result to export yet.');
      }
      const { fields, bgImage } = await readBody(request);
      const format = oneOf(fields, 'format', exportFormats, 'png');
      const prepared = await compositor.prepare(parseComposition(fields, { bgImage }));
      const composed = await compositor.compose(job, prepared, { source: 'refined' });
      const encoded = await encodeComposed(composed, format === 'jpg' ? 'jpeg' : format);
      const name = downloadName(job.original_name, 'refined').replace(
        /_refined\.png$/,
        `_background.${format}`,
      );
      return reply
        .type(types[format])
        .header('cache-control', 'no-store')
        .header('x-width', String(encoded.width))
        .header('x-height', String(encoded.height))
        .header('x-credits-charged', '0')
        .header('content-length', String(encoded.data.byteLength))
        .header('content-disposition', contentDisposition('attachment', name))
        .send(encoded.data);
    },
  );
};
