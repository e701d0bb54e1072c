import multipart from '@fastify/multipart';
import {
  createJobJsonSchema,
  editorTexts,
  finishedJobStatuses,
  jobEventName,
  jobsEndpoints,
  limits,
} from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import type { Caller } from '../../plugins/auth.js';
import { creditBalance } from '../credits/credits.service.js';
import type { SampleCatalog } from '../samples/samples.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  addressHash,
  hashVisitorToken,
  newVisitorToken,
  visitorCookie,
  visitorToken,
} from './free-try.js';
import { jobAccess } from './jobs.access.js';
import { expiredMessage } from './jobs.errors.js';
import { contentDisposition, holdsCredit, inputFromUrl, readMultipart } from './jobs.input.js';
import type { JobInput, JobRow, JobsService } from './jobs.service.js';
import { resultKey } from './result-files.js';
import { toJob, type ResultSigner } from './result-links.js';
import { registerResultRoutes } from './results.routes.js';
import { verifyTurnstile, type TurnstileConfig } from './turnstile.js';

// HTTP for background removal (spec §7): the editor's asynchronous jobs with progress over
// server-sent events, the spec's synchronous POST /remove-background/, and the stored files.
// Who may call: a signed-in user or an API key (plugins/auth.ts, callerGuard); an anonymous
// visitor may start one free preview a day and follow it with the token it got (decision 0155). The public API (/api/v1, /v1.0) is modules/public-api.
// Who reaches a job is jobs.access.ts; the stored files and touch-ups are results.routes.ts.

export interface JobsRoutesOptions {
  db: Db;
  jobs: JobsService;
  store: ObjectStore;
  samples: SampleCatalog;
  signer: ResultSigner;
  /** The public URL now (Admin → Integrations or PUBLIC_URL): signed result addresses. */
  publicUrl: () => string;
  retentionMs: number;
  urlImportAllowHosts: readonly string[];
  /** Turnstile's keys now (Admin → Integrations or the environment); undefined: no bot check. */
  turnstile: () => Promise<TurnstileConfig | undefined>;
  /** Keys the free tries' address counter (decision 0155). */
  visitorSecret: Buffer;
}

const noFileMessage = 'Please choose an image file to upload (form field "file").';
const duplicateFileMessage = 'Send one image per request: this form has more than one "file" part.';

export const jobsRoutes: FastifyPluginAsyncZod<JobsRoutesOptions> = async (app, options) => {
  const { db, jobs, store, samples, signer, publicUrl } = options;
  await app.register(multipart, {
    limits: { fileSize: limits.maxUploadBytes, files: 2, fields: 10, fieldSize: 4096, parts: 12 },
  });

  const access = jobAccess(app, jobs);
  const { needsCaller, needsCallerOrVisitor, requireCaller, ownJob } = access;

  /**
   * The file the request carries: an upload, a URL to import, or a sample. The bot check runs
   * as soon as its token is known (before the upload is read or the URL fetched).
   */
  async function readInput(
    request: FastifyRequest,
    caller: Pick<Caller, 'via'>,
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
    if ('url' in body) return inputFromUrl(body.url, caller.via, options.urlImportAllowHosts);
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
    caller: Pick<Caller, 'via'>,
    checkBot: (token: string | undefined) => Promise<void>,
  ): Promise<JobInput> {
    const { file } = await readMultipart(request, {
      fileFields: ['file'],
      duplicateMessage: duplicateFileMessage,
      wrongPartMessage: noFileMessage,
      // Fields sent before the file (the editor sends the token first) are known by now.
      beforeFile: (fields) => checkBot(fields.get('turnstileToken')),
    });
    if (!file) throw new AppError(400, 'validation_failed', noFileMessage);
    return { bytes: file.bytes, name: file.name, source: 'upload', via: caller.via };
  }

  async function createJob(request: FastifyRequest, caller: Caller) {
    // Refused early (before an upload is read or a URL fetched); creation checks again, atomically.
    await holdsCredit(db, caller.userId);
    const turnstile = await options.turnstile();
    const input = await readInput(request, caller, async (token) => {
      // The bot check guards the browser editor; API keys are their own proof.
      if (turnstile && caller.via === 'web') await verifyTurnstile(turnstile, token, request.ip);
    });
    return jobs.create(caller.userId, input);
  }

  /** A visitor's free try (decision 0155): a preview, behind the bot check when configured. */
  async function createFreeTry(request: FastifyRequest, reply: FastifyReply) {
    const hash = addressHash(options.visitorSecret, request.ip);
    await jobs.checkFreeTry(hash);
    const turnstile = await options.turnstile();
    const input = await readInput(request, { via: 'web' }, async (token) => {
      if (turnstile) await verifyTurnstile(turnstile, token, request.ip);
    });
    const token = visitorToken(request) ?? newVisitorToken();
    const job = await jobs.createFreeTry(
      { addressHash: hash, tokenHash: hashVisitorToken(token) },
      input,
    );
    const secure = publicUrl().startsWith('https:');
    void reply.header('set-cookie', visitorCookie(token, options.retentionMs / 1000, secure));
    return job;
  }

  route(app, jobsEndpoints.editorConfig, { schema: { tags: ['processing'] } }, async () => ({
    turnstileSiteKey: (await options.turnstile())?.siteKey ?? null,
    maxUploadBytes: limits.maxUploadBytes,
    retentionHours: Math.round((options.retentionMs / 3_600_000) * 100) / 100,
  }));

  route(
    app,
    jobsEndpoints.create,
    {
      // Without an account: the visitor's free try (decision 0155).
      onRequest: async (request, reply) => void (await app.loadCaller(request, reply)),
      schema: {
        tags: ['processing'],
        summary: 'Start removing the background of an image',
        description:
          'multipart/form-data with field `file`, or JSON `{ "url": … }` (imported by the server) or `{ "sampleId": … }`. Answers 202 with the job; follow it at /api/jobs/{id}/events.',
      },
    },
    async (request, reply) => {
      const job = request.caller
        ? await createJob(request, request.caller)
        : await createFreeTry(request, reply);
      return reply.status(202).send(toJob(job));
    },
  );

  route(
    app,
    jobsEndpoints.job,
    { onRequest: needsCallerOrVisitor, schema: { tags: ['processing'] } },
    async (request) => toJob(await ownJob(request, request.params.id)),
  );

  route(
    app,
    jobsEndpoints.cancel,
    { onRequest: needsCallerOrVisitor, schema: { tags: ['processing'] } },
    async (request) => {
      await ownJob(request, request.params.id);
      const job = await jobs.cancel(request.params.id);
      if (!job) throw notFound('Job not found.');
      return toJob(job);
    },
  );

  route(
    app,
    jobsEndpoints.events,
    {
      onRequest: needsCallerOrVisitor,
      schema: {
        tags: ['processing'],
        description: `Server-sent events: each \`${jobEventName}\` event carries the whole job; the stream ends when the job does.`,
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      await ownJob(request, id);
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
  registerResultRoutes(app, { jobs, store, signer, access });

  /** The spec's synchronous call: create, wait, answer with the three addresses. */
  async function removeNow(request: FastifyRequest, reply: FastifyReply) {
    const caller = requireCaller(request);
    await holdsCredit(db, caller.userId);
    const turnstile = await options.turnstile();
    const input = await readInput(request, caller, async (token) => {
      if (turnstile && caller.via === 'web') await verifyTurnstile(turnstile, token, request.ip);
    });
    const job = await jobs.runNow(caller.userId, input, abandonSignal(reply));
    const credits = await creditBalance(db, caller.userId);
    void reply.header('x-job-id', job.id).header('x-credits-remaining', String(credits));
    const accept = request.headers.accept ?? '';
    if (/\bimage\/png\b/i.test(accept) && !/application\/json/i.test(accept)) {
      const stored = await store.open(resultKey(job, 'transparent_bg'));
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
    const view = toJob(job, { signed: { signer, publicUrl: publicUrl() } });
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

  route(
    app,
    jobsEndpoints.removeBackground,
    {
      onRequest: needsCaller,
      schema: {
        tags: ['processing'],
        summary: 'Remove the background of an image and answer with the results',
        description:
          'The spec\'s synchronous call: multipart/form-data with field `file` (or JSON `{ "url": … }` / `{ "sampleId": … }`); answers with the three addresses. Authorised by a session, `Authorization: Bearer {key}` or `X-API-Key: {key}`. With `Accept: image/png` the answer is the transparent PNG itself. The public API is /api/v1/remove-background.',
      },
    },
    removeNow,
  );
};

/** Aborts when the caller goes away before the answer is written. */
export function abandonSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
