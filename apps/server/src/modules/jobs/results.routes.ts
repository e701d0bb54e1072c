import { jobsEndpoints, originalDownloadName } from '@cutout/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { output } from 'zod/v4/core';
import { AppError, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { jobAccess } from './jobs.access.js';
import { expiredMessage } from './jobs.errors.js';
import { contentDisposition, readMultipart } from './jobs.input.js';
import type { JobRow, JobsService } from './jobs.service.js';
import { originalKey, resultKey } from './result-files.js';
import { toJob, type ResultSigner, type StoredFile } from './result-links.js';

// A job's stored files (spec §7): its three results and its original, by signed link or to
// their owner, and touch-ups (issue 25, decision 0150) that make new versions of the results.

type FileQuery = output<typeof jobsEndpoints.original.query>;

const missingMaskMessage =
  'Send the mask as multipart form data: one PNG file in the field "mask", the size of the result.';

/** Registers the file and touch-up routes on the jobs routes' instance (its multipart, its guards). */
export function registerResultRoutes(
  app: FastifyInstance,
  options: {
    jobs: JobsService;
    store: ObjectStore;
    signer: ResultSigner;
    access: ReturnType<typeof jobAccess>;
  },
): void {
  const { jobs, store, signer } = options;
  const { needsCaller, needsOwnerOrSignature, requireCaller, ownJob } = options.access;

  async function sendFile(
    request: FastifyRequest<{ Params: { id: string }; Querystring: FileQuery }>,
    reply: FastifyReply,
    file: StoredFile,
  ) {
    const { id } = request.params;
    const { expires, sig, download } = request.query;
    let job: JobRow | undefined;
    if (sig !== undefined && expires !== undefined) {
      if (!signer.verify(id, file, expires, sig)) {
        throw new AppError(403, 'forbidden', 'This link is invalid or has expired.');
      }
      job = await jobs.get(id);
      if (!job) throw notFound(expiredMessage);
    } else {
      job = await ownJob(request, id);
    }
    if (job.purged_at !== null || (file !== 'original' && job.status !== 'completed')) {
      throw notFound(job.purged_at !== null ? expiredMessage : 'This result is not ready yet.');
    }
    const stored = await store.open(file === 'original' ? originalKey(id) : resultKey(job, file));
    if (!stored) throw notFound(expiredMessage);
    // The original keeps the extension of the format its bytes are, whatever name it came with.
    const name =
      file === 'original'
        ? originalDownloadName(job.original_name, job.content_type)
        : toJob(job).downloadNames[file];
    const disposition = download === '1' || download === 'true' ? 'attachment' : 'inline';
    return reply
      .type(file === 'original' ? job.content_type : 'image/png')
      .header('content-length', String(stored.size))
      .header('content-disposition', contentDisposition(disposition, name))
      .header('cache-control', 'private, max-age=3600')
      .send(stored.stream);
  }

  route(
    app,
    jobsEndpoints.result,
    { onRequest: needsOwnerOrSignature, schema: { tags: ['processing'] } },
    async (request, reply) => sendFile(request, reply, request.params.variant),
  );

  route(
    app,
    jobsEndpoints.original,
    { onRequest: needsOwnerOrSignature, schema: { tags: ['processing'] } },
    async (request, reply) => sendFile(request, reply, 'original'),
  );

  // Touch-ups (issue 25, decision 0150): the edited mask becomes a new version of the results,
  // which every address, zip and API answer serves from then on. No credit is charged.
  route(
    app,
    jobsEndpoints.saveMask,
    {
      onRequest: needsCaller,
      schema: {
        tags: ['processing'],
        summary: 'Save a touched-up mask: a new version of the results (no charge)',
        description:
          "multipart/form-data with field `mask`: a PNG the size of the result (the job's width × height) whose alpha channel — or grey level, when it has none — is the subject (255 keeps, 0 removes). The three results are made again from the original and this mask; the model's own results stay (DELETE goes back to them). Answers the job with its new addresses; charges nothing.",
      },
    },
    async (request) => {
      requireCaller(request);
      const job = await ownJob(request, request.params.id);
      if (!request.isMultipart()) {
        throw new AppError(400, 'validation_failed', missingMaskMessage);
      }
      const form = await readMultipart(request, {
        fileFields: ['mask'],
        duplicateMessage: 'Send one mask per request: this form has more than one "mask" part.',
        wrongPartMessage: missingMaskMessage,
      });
      if (!form.file) throw new AppError(400, 'validation_failed', missingMaskMessage);
      return toJob(await jobs.saveTouchUp(job, form.file.bytes));
    },
  );

  route(
    app,
    jobsEndpoints.resetMask,
    {
      onRequest: needsCaller,
      schema: {
        tags: ['processing'],
        summary: "Go back to the model's own results (the touched-up versions stay stored)",
      },
    },
    async (request) => {
      requireCaller(request);
      return toJob(await jobs.resetTouchUp(await ownJob(request, request.params.id)));
    },
  );
}
