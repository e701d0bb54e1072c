import { editorTexts, type Job } from '@cutout/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/auth/session';
import { meQueryOptions } from '../../users';
import {
  cancelJob,
  createJsonJob,
  followJob,
  isFinished,
  uploadJob,
  type FollowDeps,
  type JobFollower,
} from '../api/jobs';
import type { EditorAction, Selection } from './editor-machine';
import { blockerFor, type Blocker } from './validation';

// The calls behind one start of the image flow (spec §4): the checks made before any call
// (signed in, credits above 0), the bot-check token, the upload or JSON request, then the job's
// events until it ends. Outcomes go to the reducer as actions tagged with the start's number.

/** No credits → buy credits; null when the server may be asked (signed out: a free try). */
export async function findBlocker(queryClient: QueryClient): Promise<Blocker | null> {
  let signedIn: boolean;
  try {
    signedIn = (await queryClient.ensureQueryData(sessionQueryOptions)).user !== null;
  } catch {
    signedIn = false;
  }
  if (!signedIn) return blockerFor({ signedIn }, 0);
  try {
    const profile = await queryClient.ensureQueryData(meQueryOptions);
    return blockerFor({ signedIn }, profile.credits);
  } catch {
    // The balance could not be read: the server checks it again and says so if it is 0.
    return null;
  }
}

/** The spec's message for a failed call: the server's own text, else the generic one. */
export function failureOf(error: unknown): { message: string; blocker: Blocker | null } {
  if (error instanceof ApiError && error.code !== undefined) {
    // A visitor's free try for today is used: the way forward is an account (decision 0155).
    const signUp = error.status === 401 || error.code === 'free_try_used';
    const blocker = signUp ? 'sign-up' : error.status === 402 ? 'no-credits' : null;
    return { message: error.message, blocker };
  }
  return { message: editorTexts.processFailed, blocker: null };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export type RunHooks = {
  dispatch: (action: EditorAction) => void;
  queryClient: QueryClient;
  /** Resolves with a Turnstile token when a bot check is configured, else undefined. */
  token: (signal: AbortSignal) => Promise<string | undefined>;
  onBlocked: (blocker: Blocker) => void;
  onFinished: (job: Job) => void;
  onFailed: (message: string, blocker: Blocker | null) => void;
  follow?: FollowDeps;
};

/** One start; `stop()` abandons it, and cancels its job on the server when asked to. */
export type Run = { stop: (cancelOnServer: boolean) => void };

export function startRun(attempt: number, selection: Selection, hooks: RunHooks): Run {
  const controller = new AbortController();
  let stopped = false;
  let follower: JobFollower | undefined;
  let activeJobId: string | undefined;
  const { dispatch } = hooks;

  const stop = (cancelOnServer: boolean) => {
    if (stopped) return;
    stopped = true;
    controller.abort();
    follower?.stop();
    if (cancelOnServer && activeJobId) {
      const id = activeJobId;
      cancelJob(id).catch(() => undefined);
    }
  };

  const fail = (error: unknown) => {
    if (stopped || isAbort(error)) return;
    stopped = true;
    follower?.stop();
    const { message, blocker } = failureOf(error);
    dispatch({ type: 'error', attempt, message, blocker });
    hooks.onFailed(message, blocker);
  };

  const onJob = (job: Job) => {
    if (stopped) return;
    dispatch({ type: 'job', attempt, job });
    if (isFinished(job.status)) {
      stopped = true;
      activeJobId = undefined;
      hooks.onFinished(job);
    }
  };

  void (async () => {
    dispatch({ type: 'start', attempt });
    const blocker = await findBlocker(hooks.queryClient);
    if (stopped) return;
    if (blocker) {
      stopped = true;
      dispatch({ type: 'blocked', attempt, blocker });
      hooks.onBlocked(blocker);
      return;
    }
    try {
      const turnstileToken = await hooks.token(controller.signal);
      const job =
        selection.kind === 'file'
          ? await uploadJob(selection.file, {
              turnstileToken,
              signal: controller.signal,
              onProgress: ({ loaded, total }) =>
                dispatch({ type: 'upload-progress', attempt, loaded, total }),
            })
          : await createJsonJob(
              selection.kind === 'url' ? { url: selection.url } : { sampleId: selection.sample.id },
              { turnstileToken, signal: controller.signal },
            );
      activeJobId = job.id;
      if (stopped) {
        // Removed or cancelled while the request was on its way: the job must not run on.
        cancelJob(job.id).catch(() => undefined);
        return;
      }
      onJob(job);
      if (!stopped) follower = followJob(job.id, { onJob, onError: fail }, hooks.follow);
    } catch (error) {
      fail(error);
    }
  })();

  return { stop };
}
