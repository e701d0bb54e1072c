import multipart from '@fastify/multipart';
import {
  authTexts,
  createJobJsonSchema,
  editorConfigSchema,
  editorTexts,
  finishedJobStatuses,
  jobEventName,
  jobsApiPaths,
  jobSchema,
  jobVariants,
  limits,
  removeBackgroundResponseSchema,
  usageSchema,
} from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, codeForStatus, notFound } from '../../errors.js';
import { apiKeyFrom, verifyApiKey } from '../api-keys/api-keys.service.js';
import { findBalance } from '../credits/credits.repository.js';
import type { SampleCatalog } from '../samples/samples.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import { tooLarge } from './image-input.js';
import { countCompleted } from './jobs.repository.js';
import { statusForJobError, type JobInput, type JobRow, type JobsService } from './jobs.service.js';
import { toJob, type ResultSigner, type StoredFile } from './result-links.js';
import { verifyTurnstile, type TurnstileConfig } from './turnstile.js';
import { importImageFromUrl } from './url-import.js';

// HTTP for background removal (spec §7): the editor's asynchronous jobs with progress over
// server-sent events, the spec's synchronous POST /remove-background/, the public API under
// /api/v1, and the stored files. Who may call: a signed-in user (session cookie) or an API key
// (`Authorization: Bearer …` / `X-API-Key`); anonymous callers are told to sign up.

export interface JobsRoutesOptions {
  db: Db;
  jobs: JobsService;
  store: ObjectStore;
  samples: SampleCatalog;
  signer: ResultSigner;
  publicUrl: string;
  retentionMs: number;
  urlImportAllowHosts: readonly string[];
  turnstile: TurnstileConfig | undefined;
}

interface Caller {
  userId: string;
  via: 'web' | 'api';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is processing: set by the jobs routes' onRequest hooks. */
    caller: Caller | null;
  }
}

const idParams = z.object({ id: z.string().min(1).max(64) });
const fileQuery = z.object({
  download: z.enum(['1', 'true', '0', 'false']).optional(),
  expires: z.coerce.number().int().optional(),
  sig: z.string().max(128).optional(),
});

const noFileMessage = 'Please choose an image file to upload (form field "file").';
const duplicateFileMessage = 'Send one image per request: this form has more than one "file" part.';
const expiredMessage =
  'This result is no longer available: results are deleted after the retention period. Please process the image again.';

export const jobsRoutes: FastifyPluginAsyncZod<JobsRoutesOptions> = async (app, options) => {
  const { db, jobs, store, samples, signer, publicUrl } = options;
  await app.register(multipart, {
    limits: { fileSize: limits.maxUploadBytes, files: 2, fields: 10, fieldSize: 4096, parts: 12 },
  });

  async function callerOf(request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
    const key = apiKeyFrom(request.headers);
    if (key !== undefined) {
      const userId = await verifyApiKey(db, key);
      if (!userId) throw new AppError(401, 'unauthorized', 'Invalid API key.');
      return { userId, via: 'api' };
    }
    const user = await app.loadSession(request, reply);
    return user ? { userId: user.id, via: 'web' } : null;
  }

  app.decorateRequest('caller', null);

  // Guards run as onRequest hooks, before validation, like the session guards (plugins/auth.ts):
  // an anonymous caller learns nothing about a route's body.
  const needsCaller = async (request: FastifyRequest, reply: FastifyReply) => {
    request.caller = await callerOf(request, reply);
    if (!request.caller) throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
  };
  // Stored files: a signed link (checked in the handler) or their owner.
  const needsOwnerOrSignature = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as { sig?: unknown };
    if (typeof query.sig === 'string') return;
    request.caller = await callerOf(request, reply);
    if (!request.caller) throw new AppError(401, 'unauthorized', authTexts.mustBeLoggedIn);
  };

  function requireCaller(request: FastifyRequest): Caller {
    if (!request.caller) throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
    return request.caller;
  }

  async function ownJob(caller: Caller, id: string): Promise<JobRow> {
    const job = await jobs.get(id);
    // Someone else's job is reported exactly like a missing one.
    if (!job || job.user_id !== caller.userId) throw notFound('Job not found.');
    return job;
  }

  /**
   * The file the request carries: an upload, a URL to import, or a sample. The bot check runs
   * as soon as its token is known (before the upload is read or the URL fetched).
   */
  async function readInput(
    request: FastifyRequest,
    caller: Caller,
    checkBot: (token: string | undefined) => Promise<void>,
  ): Promise<JobInput> {
    if (request.isMultipart()) return readUpload(request, caller, checkBot);
    const parsed = createJobJsonSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw new AppError(
        400,
        'validation_failed',
        `Send an image as multipart form data (field "file"), or JSON with "url" or "sampleId".`,
      );
    }
    const body = parsed.data;
    await checkBot(body.turnstileToken);
    if ('url' in body) {
      const imported = await importImageFromUrl(body.url, {
        allowHosts: options.urlImportAllowHosts,
      });
      return {
        bytes: imported.bytes,
        name: imported.name,
        source: 'url',
        via: caller.via,
        whenNotImage: () => new AppError(422, 'unprocessable', editorTexts.urlNotImage),
      };
    }
    const sample = samples.get(body.sampleId);
    if (!sample) throw notFound(editorTexts.sampleFailed);
    return { bytes: sample.bytes, name: sample.fileName, source: 'sample', via: caller.via };
  }

  /**
   * The multipart body, read to its end: exactly one part named "file", which must be a file. A
   * second one is refused rather than ignored, so nobody is left guessing which image was used.
   */
  async function readUpload(
    request: FastifyRequest,
    caller: Caller,
    checkBot: (token: string | undefined) => Promise<void>,
  ): Promise<JobInput> {
    const fields = new Map<string, string>();
    let upload: { bytes: Buffer; name: string } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'file')
            throw new AppError(400, 'validation_failed', noFileMessage);
          fields.set(part.fieldname, String(part.value));
          continue;
        }
        if (part.fieldname !== 'file') throw new AppError(400, 'validation_failed', noFileMessage);
        if (upload) throw new AppError(400, 'validation_failed', duplicateFileMessage);
        // Fields sent before the file (the editor sends the token first) are known by now.
        await checkBot(fields.get('turnstileToken'));
        upload = { bytes: await part.toBuffer(), name: part.filename || 'image' };
      }
    } catch (error) {
      throw mapMultipartError(error);
    }
    if (!upload) throw new AppError(400, 'validation_failed', noFileMessage);
    return { ...upload, source: 'upload', via: caller.via };
  }

  /** A cheap early refusal (before fetching a URL); the job's creation checks again, atomically. */
  async function holdsCredit(caller: Caller): Promise<void> {
    const balance = await findBalance(db, caller.userId);
    if (balance === undefined)
      throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
    if (balance < limits.creditsPerImage) {
      throw new AppError(402, 'payment_required', editorTexts.noCredits);
    }
  }

  async function createJob(request: FastifyRequest, reply: FastifyReply, caller: Caller) {
    // Refused early (before an upload is read or a URL fetched); creation checks again, atomically.
    await holdsCredit(caller);
    const turnstile = options.turnstile;
    const input = await readInput(request, caller, async (token) => {
      // The bot check guards the browser editor; API keys are their own proof.
      if (turnstile && caller.via === 'web') await verifyTurnstile(turnstile, token, request.ip);
    });
    return jobs.create(caller.userId, input);
  }

  app.get(
    jobsApiPaths.editorConfig,
    { schema: { tags: ['processing'], response: { 200: editorConfigSchema } } },
    async () => ({
      turnstileSiteKey: options.turnstile?.siteKey ?? null,
      maxUploadBytes: limits.maxUploadBytes,
      retentionHours: Math.round((options.retentionMs / 3_600_000) * 100) / 100,
    }),
  );

  app.post(
    jobsApiPaths.create,
    {
      onRequest: needsCaller,
      schema: {
        tags: ['processing'],
        summary: 'Start removing the background of an image',
        description:
          'multipart/form-data with field `file`, or JSON `{ "url": … }` (imported by the server) or `{ "sampleId": … }`. Answers 202 with the job; follow it at /api/jobs/{id}/events.',
        response: { 202: jobSchema },
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const job = await createJob(request, reply, caller);
      return reply.status(202).send(toJob(job));
    },
  );

  app.get(
    '/api/jobs/:id',
    {
      onRequest: needsCaller,
      schema: { tags: ['processing'], params: idParams, response: { 200: jobSchema } },
    },
    async (request) => {
      const caller = requireCaller(request);
      return toJob(await ownJob(caller, request.params.id));
    },
  );

  app.delete(
    '/api/jobs/:id',
    {
      onRequest: needsCaller,
      schema: { tags: ['processing'], params: idParams, response: { 200: jobSchema } },
    },
    async (request) => {
      const caller = requireCaller(request);
      await ownJob(caller, request.params.id);
      const job = await jobs.cancel(request.params.id);
      if (!job) throw notFound('Job not found.');
      return toJob(job);
    },
  );

  app.get(
    '/api/jobs/:id/events',
    {
      onRequest: needsCaller,
      schema: {
        tags: ['processing'],
        params: idParams,
        description: `Server-sent events: each \`${jobEventName}\` event carries the whole job; the stream ends when the job does.`,
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      const id = request.params.id;
      await ownJob(caller, id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write('retry: 2000\n\n');
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(heartbeat);
        raw.end();
      };
      const send = (job: JobRow) => {
        if (ended) return;
        raw.write(`event: ${jobEventName}\ndata: ${JSON.stringify(toJob(job))}\n\n`);
        if (finishedJobStatuses.includes(job.status)) end();
      };
      const unsubscribe = jobs.subscribe(id, send);
      // Proxies close idle connections; a comment line every 15 s keeps this one open.
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
      raw.on('close', end);
      const current = await jobs.get(id);
      if (current) send(current);
      else end();
    },
  );

  async function sendFile(
    request: FastifyRequest<{ Params: { id: string }; Querystring: z.infer<typeof fileQuery> }>,
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
      if (!request.caller) throw new AppError(401, 'unauthorized', authTexts.mustBeLoggedIn);
      job = await ownJob(request.caller, id);
    }
    if (job.purged_at !== null || (file !== 'original' && job.status !== 'completed')) {
      throw notFound(job.purged_at !== null ? expiredMessage : 'This result is not ready yet.');
    }
    const stored = await store.open(file === 'original' ? `${id}/original` : `${id}/${file}.png`);
    if (!stored) throw notFound(expiredMessage);
    const name = file === 'original' ? job.original_name : toJob(job).downloadNames[file];
    const disposition = download === '1' || download === 'true' ? 'attachment' : 'inline';
    return reply
      .type(file === 'original' ? job.content_type : 'image/png')
      .header('content-length', String(stored.size))
      .header('content-disposition', contentDisposition(disposition, name))
      .header('cache-control', 'private, max-age=3600')
      .send(stored.stream);
  }

  app.get(
    '/api/jobs/:id/results/:variant',
    {
      onRequest: needsOwnerOrSignature,
      schema: {
        tags: ['processing'],
        params: idParams.extend({ variant: z.enum(jobVariants) }),
        querystring: fileQuery,
      },
    },
    async (request, reply) => sendFile(request, reply, request.params.variant),
  );

  app.get(
    '/api/jobs/:id/original',
    {
      onRequest: needsOwnerOrSignature,
      schema: { tags: ['processing'], params: idParams, querystring: fileQuery },
    },
    async (request, reply) => sendFile(request, reply, 'original'),
  );

  /** The spec's synchronous call: create, wait, answer with the three addresses. */
  async function removeNow(request: FastifyRequest, reply: FastifyReply) {
    const caller = requireCaller(request);
    const created = await createJob(request, reply, caller);
    // A caller who goes away before the answer does not pay for an image they never get.
    const onClose = () => {
      if (!reply.raw.writableFinished) void jobs.cancel(created.id);
    };
    reply.raw.on('close', onClose);
    const job = await jobs.waitUntilFinished(created.id);
    reply.raw.off('close', onClose);
    if (job.status === 'cancelled') {
      throw new AppError(
        409,
        'conflict',
        'The job was cancelled before it finished. Nothing was charged.',
      );
    }
    if (job.status !== 'completed') {
      const status = statusForJobError(job.error_code);
      throw new AppError(
        status,
        codeForStatus(status),
        job.error_message ?? editorTexts.processFailed,
      );
    }
    const credits = (await findBalance(db, caller.userId)) ?? 0;
    void reply.header('x-job-id', job.id).header('x-credits-remaining', String(credits));
    const accept = request.headers.accept ?? '';
    if (/\bimage\/png\b/i.test(accept) && !/application\/json/i.test(accept)) {
      const stored = await store.open(`${job.id}/transparent_bg.png`);
      if (!stored) throw notFound(expiredMessage);
      return reply
        .type('image/png')
        .header('content-length', String(stored.size))
        .header(
          'content-disposition',
          contentDisposition('inline', toJob(job).downloadNames.transparent_bg),
        )
        .send(stored.stream);
    }
    const view = toJob(job, { signed: { signer, publicUrl } });
    if (!view.result || !view.timings || job.width === null || job.height === null) {
      throw new AppError(500, 'internal');
    }
    return reply.send({
      id: job.id,
      ...view.result,
      width: job.width,
      height: job.height,
      timings: view.timings,
      credits,
      expiresAt: job.expires_at,
    });
  }

  const syncSchema = {
    tags: ['processing'],
    summary: 'Remove the background of an image and answer with the results',
    description:
      'multipart/form-data with field `file` (or JSON `{ "url": … }` / `{ "sampleId": … }`). Authorised by `Authorization: Bearer {key}`, `X-API-Key: {key}` or a session. With `Accept: image/png` the answer is the transparent PNG itself.',
    response: { 200: removeBackgroundResponseSchema },
  };
  app.post(
    jobsApiPaths.removeBackground,
    { onRequest: needsCaller, schema: syncSchema },
    removeNow,
  );
  app.post(
    jobsApiPaths.publicRemoveBackground,
    { onRequest: needsCaller, schema: syncSchema },
    removeNow,
  );

  app.get(
    jobsApiPaths.publicUsage,
    {
      onRequest: needsCaller,
      schema: { tags: ['processing'], response: { 200: usageSchema } },
    },
    async (request) => {
      const caller = requireCaller(request);
      const now = new Date();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [credits, counts] = await Promise.all([
        findBalance(db, caller.userId),
        countCompleted(db, caller.userId, monthStart.toISOString()),
      ]);
      return {
        credits: credits ?? 0,
        images_processed: counts.total,
        images_processed_this_month: counts.recent,
      };
    },
  );
};

function mapMultipartError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'payload_too_large', 'Send one image per request.');
  }
  if (error instanceof AppError) return error;
  return new AppError(400, 'validation_failed', 'The upload could not be read. Please try again.');
}

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
