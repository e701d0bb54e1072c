import {
  apiRouteUrl,
  httpClient,
  httpTexts,
  type ApiRoute,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type ErrorBody,
  type PathParams,
} from '@cutout/contracts';
import { lazyModule } from './lazy-module';

// The one way the browser talks to the Cutout server (spec §7): JSON in and out, same-origin
// cookies, a 30 s timeout per attempt, and retries with doubling delays for idempotent reads only.

/** A non-2xx answer. `message` is the server's own text when it sent one (STYLE.md, one error shape). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    statusText: string;
    message: string;
    code?: string | undefined;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.fields = init.fields;
    this.requestId = init.requestId;
  }
}

/** No answer within the timeout. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/** The request never got an answer (offline, DNS, connection reset, CORS). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions<T> = {
  method?: HttpMethod;
  /** Plain values are sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Validates and types the response body (a schema from @cutout/contracts). */
  schema?: { parse: (data: unknown) => T };
};

/**
 * What a call to an endpoint sends: its path's parameters, its query and its body, each where
 * the contract has one. A body the route reads itself (multipart, or JSON it checks by hand)
 * has no schema in the contract.
 */
export type CallInit<E extends ApiRoute> = (EndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined
    ? { query?: undefined }
    : { query?: EndpointQuery<E> & Record<string, QueryValue> }) &
  (EndpointBody<E> extends undefined ? { body?: unknown } : { body: EndpointBody<E> }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type QueryValue = string | number | boolean | null | undefined;

export type ApiClientDeps = {
  fetch?: typeof fetch;
  /** Injected by tests that want to observe the waits; defaults to setTimeout. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  timeoutMs?: number;
  /** AbortSignal.timeout by default; tests pass one driven by fake timers. */
  timeoutSignal?: (ms: number) => AbortSignal;
};

const retryableStatuses = new Set([408, 429]);

function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status) || status >= 500;
}

function backoffDelay(attempt: number): number {
  return Math.min(
    httpClient.retryBaseDelayMs * httpClient.retryFactor ** attempt,
    httpClient.retryMaxDelayMs,
  );
}

/** Retry-After is either delta-seconds or an HTTP date. Capped so a server cannot park us. */
function retryAfterMs(response: Response, now: number): number | undefined {
  const header = response.headers.get('Retry-After');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), httpClient.retryMaxDelayMs);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The server's error body, read with the contract's `errorBodySchema`. The schema, and zod's
 * runtime with it, loads with the first failed answer rather than with every page: first loads
 * stay within their budget (docs/decisions/0022, 0064). A body that is not the server's (a
 * proxy's HTML page), or a schema that could not be loaded, gives undefined.
 */
const errorSchemas = lazyModule(() => import('@cutout/contracts/schemas/errors'));

async function errorOf(body: unknown): Promise<ErrorBody['error'] | undefined> {
  if (typeof body !== 'object' || body === null) return undefined;
  try {
    const { errorBodySchema } = await errorSchemas.load();
    const parsed = errorBodySchema.safeParse(body);
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
}

/** The ApiError for a failed answer whose body has been read (fetch here, XMLHttpRequest in the editor). */
export async function apiErrorFrom(
  status: number,
  statusText: string,
  body: unknown,
): Promise<ApiError> {
  const error = await errorOf(body);
  return new ApiError({
    status,
    statusText,
    message: error?.message || httpTexts.httpError(status, statusText),
    code: error?.code,
    fields: error?.fields,
    requestId: error?.requestId,
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    body = undefined;
  }
  return apiErrorFrom(response.status, response.statusText, body);
}

export function createApiClient(deps: ApiClientDeps = {}) {
  // Late-bound so a test (or a polyfill) replacing globalThis.fetch after import still counts.
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = deps.sleep ?? defaultSleep;
  const timeoutMs = deps.timeoutMs ?? httpClient.timeoutMs;
  const makeTimeoutSignal = deps.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms));

  async function request<T = unknown>(url: string, options: RequestOptions<T> = {}): Promise<T> {
    const method = options.method ?? 'GET';
    // Only reads are safe to repeat: a retried POST could charge a credit or send a message twice.
    const idempotent = method === 'GET' || method === 'HEAD';
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers.set('Content-Type', 'application/json');
      }
    }

    for (let attempt = 0; ; attempt += 1) {
      const canRetry = idempotent && attempt < httpClient.retries;
      const timeoutSignal = makeTimeoutSignal(timeoutMs);
      const signal = options.signal
        ? AbortSignal.any([options.signal, timeoutSignal])
        : timeoutSignal;

      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body,
          signal,
          credentials: 'same-origin',
        });
      } catch (cause) {
        // The caller gave up: not a failure to report or retry.
        if (options.signal?.aborted) throw cause;
        const failure = timeoutSignal.aborted
          ? new TimeoutError(httpTexts.timeout(timeoutMs / 1000), { cause })
          : new NetworkError(httpTexts.network, { cause });
        if (!canRetry) throw failure;
        await sleep(backoffDelay(attempt), options.signal);
        continue;
      }

      if (response.ok) {
        const data = method === 'HEAD' ? undefined : await readBody(response);
        return options.schema ? options.schema.parse(data) : (data as T);
      }

      if (canRetry && isRetryableStatus(response.status)) {
        const wait = retryAfterMs(response, Date.now()) ?? backoffDelay(attempt);
        // Release the unread body so the connection can be reused; no need to wait for it.
        void response.body?.cancel().catch(() => undefined);
        await sleep(wait, options.signal);
        continue;
      }
      throw await toApiError(response);
    }
  }

  /**
   * Calls an endpoint from its contract (packages/contracts, decision 0220): the method and the
   * address come from it, and the answer is read with its schema. A page that must load without
   * zod passes the contract's zod-free route and names the contract as a type only
   * (`apiClient.call<typeof accountsEndpoints.signIn>(accountsApi.signIn, …)`): the answer is
   * then typed by the contract but not parsed again (docs/decisions/0064).
   */
  function call<E extends ApiRoute>(
    endpoint: E | (E extends Endpoint ? E['route'] : never),
    init: CallInit<E>,
  ): Promise<EndpointResponse<E>> {
    const { params, query, body, headers, signal } = init as {
      params?: PathParams;
      query?: Record<string, QueryValue>;
      body?: unknown;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    };
    const responses = (endpoint as Partial<Endpoint>).responses;
    const schema = responses?.[200] ?? responses?.[201] ?? responses?.[202];
    return request<EndpointResponse<E>>(apiRouteUrl(endpoint, params, query), {
      method: endpoint.method,
      body,
      ...(headers && { headers }),
      ...(signal && { signal }),
      ...(schema && {
        schema: schema as unknown as { parse: (data: unknown) => EndpointResponse<E> },
      }),
    });
  }

  return {
    request,
    call,
    get: <T = unknown>(url: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(url, { ...options, method: 'GET' }),
    post: <T = unknown>(
      url: string,
      body?: unknown,
      options: Omit<RequestOptions<T>, 'method'> = {},
    ) => request<T>(url, { ...options, method: 'POST', body }),
    put: <T = unknown>(
      url: string,
      body?: unknown,
      options: Omit<RequestOptions<T>, 'method'> = {},
    ) => request<T>(url, { ...options, method: 'PUT', body }),
    patch: <T = unknown>(
      url: string,
      body?: unknown,
      options: Omit<RequestOptions<T>, 'method'> = {},
    ) => request<T>(url, { ...options, method: 'PATCH', body }),
    delete: <T = unknown>(url: string, options: Omit<RequestOptions<T>, 'method'> = {}) =>
      request<T>(url, { ...options, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient = createApiClient();
