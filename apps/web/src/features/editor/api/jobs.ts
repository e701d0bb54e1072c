import {
  apiRouteUrl,
  finishedJobStatuses,
  httpTexts,
  jobEventName,
  jobSchema,
  jobsEndpoints,
  type Job,
  type JobStatus,
} from '@cutout/contracts';
import { NetworkError, apiClient, apiErrorFrom, type ApiError } from '../../../lib/api-client';

// POST /api/jobs, the job's server-sent events and DELETE, checked with the contract's
// `jobSchema` (zod/mini: the editor's chunk carries its runtime, the home page's first load does
// not; docs/decisions/0051, 0064).

export function isFinished(status: JobStatus): boolean {
  return finishedJobStatuses.includes(status);
}

/** The server's error, read from an XMLHttpRequest (lib/api-client reads it from fetch). */
function apiErrorFromXhr(xhr: XMLHttpRequest): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  return apiErrorFrom(xhr.status, xhr.statusText, body);
}

export type UploadProgress = { loaded: number; total: number };

/**
 * Uploads the file as multipart/form-data with XMLHttpRequest, for real upload progress (fetch
 * has none). A Turnstile token goes before the file, so the server can check it before reading
 * the upload. Not retried: a retried POST could create a second job.
 */
export function uploadJob(
  file: File,
  options: {
    turnstileToken?: string | undefined;
    onProgress: (progress: UploadProgress) => void;
    signal: AbortSignal;
  },
): Promise<Job> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (options.turnstileToken) form.append('turnstileToken', options.turnstileToken);
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open(jobsEndpoints.create.method, apiRouteUrl(jobsEndpoints.create));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      options.onProgress({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(jobSchema.parse(JSON.parse(xhr.responseText) as unknown));
        } catch (error) {
          reject(error instanceof Error ? error : new TypeError('Invalid job'));
        }
      } else {
        void apiErrorFromXhr(xhr).then(reject);
      }
    };
    xhr.onerror = () => reject(new NetworkError(httpTexts.network));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (options.signal.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** POST /api/jobs with JSON: a server-side URL import or a sample. */
export function createJsonJob(
  body: { url: string } | { sampleId: string },
  options: { turnstileToken?: string | undefined; signal: AbortSignal },
): Promise<Job> {
  return apiClient.call(jobsEndpoints.create, {
    body: options.turnstileToken ? { ...body, turnstileToken: options.turnstileToken } : body,
    signal: options.signal,
  });
}

/** DELETE /api/jobs/{id}: stops a queued or processing job; nothing is charged. */
export async function cancelJob(id: string): Promise<void> {
  await apiClient.call(jobsEndpoints.cancel, { params: { id } });
}

export type JobFollower = {
  /** Stops listening; the job itself goes on (see cancelJob). */
  stop: () => void;
};

export type FollowDeps = {
  EventSource?: typeof EventSource | undefined;
  getJob?: (id: string, signal: AbortSignal) => Promise<Job>;
  /** Waits between polls when the event stream is not available. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

export const pollIntervalMs = 1000;

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

const defaultGetJob = (id: string, signal: AbortSignal) =>
  apiClient.call(jobsEndpoints.job, { params: { id }, signal });

/**
 * Follows a job to its end: each `job` event of GET /api/jobs/{id}/events carries the whole job.
 * If the stream fails (a proxy that buffers, a dropped connection), it reads GET /api/jobs/{id}
 * once a second instead — the job's real state, never a guess. `onJob` is called with every new
 * state, the last one terminal; `onError` when the job can no longer be read at all.
 */
export function followJob(
  id: string,
  handlers: { onJob: (job: Job) => void; onError: (error: unknown) => void },
  deps: FollowDeps = {},
): JobFollower {
  const controller = new AbortController();
  const EventSourceImpl =
    deps.EventSource ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  const getJob = deps.getJob ?? defaultGetJob;
  const sleep = deps.sleep ?? defaultSleep;
  let source: EventSource | undefined;
  let done = false;

  const deliver = (job: Job) => {
    if (done) return;
    handlers.onJob(job);
    if (isFinished(job.status)) finish();
  };

  const finish = () => {
    done = true;
    source?.close();
    controller.abort();
  };

  const poll = async () => {
    source?.close();
    try {
      while (!done) {
        deliver(await getJob(id, controller.signal));
        if (!done) await sleep(pollIntervalMs, controller.signal);
      }
    } catch (error) {
      if (!done && !controller.signal.aborted) {
        done = true;
        handlers.onError(error);
      }
    }
  };

  if (EventSourceImpl) {
    source = new EventSourceImpl(apiRouteUrl(jobsEndpoints.events, { id }));
    source.addEventListener(jobEventName, (event) => {
      try {
        deliver(jobSchema.parse(JSON.parse((event as MessageEvent<string>).data) as unknown));
      } catch (error) {
        finish();
        handlers.onError(error);
      }
    });
    source.onerror = () => {
      if (!done) void poll();
    };
  } else {
    void poll();
  }

  return { stop: finish };
}
