import { authTexts, editorTexts } from '@cutout/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../errors.js';
import type { Caller } from '../../plugins/auth.js';
import { tokenMatches, visitorToken } from './free-try.js';
import type { JobRow, JobsService } from './jobs.service.js';

// Who reaches a job over HTTP: a signed-in user or an API key (plugins/auth.ts, callerGuard),
// a visitor with a free try's token (decision 0155), or a signed link to a stored file.

/** The guards and the ownership check the job routes share. */
export function jobAccess(app: FastifyInstance, jobs: JobsService) {
  // Guards run as onRequest hooks, before validation, like the session guards (plugins/auth.ts):
  // an anonymous caller learns nothing about a route's body.
  const needsCaller = app.callerGuard(editorTexts.signUpToContinue);
  const needsOwner = app.callerGuard(authTexts.mustBeLoggedIn);
  // A visitor with a free try's token reaches that job like its owner (decision 0155).
  const withVisitor =
    (guard: typeof needsOwner) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (visitorToken(request) !== undefined && !(await app.loadCaller(request, reply))) return;
      await guard.call(app, request, reply);
    };
  const needsCallerOrVisitor = withVisitor(needsCaller);
  // Stored files: a signed link (checked in the handler) or their owner.
  const needsOwnerOrSignature = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as { sig?: unknown };
    if (typeof query.sig === 'string') return;
    await withVisitor(needsOwner).call(app, request, reply);
  };

  function requireCaller(request: FastifyRequest): Caller {
    if (!request.caller) throw new AppError(401, 'unauthorized', editorTexts.signUpToContinue);
    return request.caller;
  }

  async function ownJob(request: FastifyRequest, id: string): Promise<JobRow> {
    const job = await jobs.get(id);
    const caller = request.caller;
    const mine =
      job !== undefined &&
      ((caller !== null && job.user_id === caller.userId) ||
        (job.user_id === null && tokenMatches(visitorToken(request), job.visitor_token_hash)));
    // Someone else's job is reported exactly like a missing one.
    if (!job || !mine) throw notFound('Job not found.');
    return job;
  }

  return { needsCaller, needsCallerOrVisitor, needsOwnerOrSignature, requireCaller, ownJob };
}
