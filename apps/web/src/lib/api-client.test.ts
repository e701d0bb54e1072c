import { sessionResponseSchema } from '@cutout/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, TimeoutError, createApiClient } from './api-client';

type Call = { url: string; init: RequestInit; at: number };

function json(status: number, body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: init.statusText ?? '',
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** A fetch that answers from a script, one entry per call, and records when each call happened. */
function scriptedFetch(script: Array<Response | Error | 'hang'>) {
  const calls: Call[] = [];
  const start = Date.now();
  const fetchFn = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init, at: Date.now() - start });
    const next = script[Math.min(calls.length - 1, script.length - 1)];
    if (next === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    }
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve(next!.clone());
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls };
}

/** AbortSignal.timeout runs on real timers; this one follows vitest's fake clock. */
function fakeTimeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('signal timed out', 'TimeoutError')), ms);
  return controller.signal;
}

/** Runs the request to completion under fake timers, returning its outcome without unhandled rejections. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends JSON with same-origin credentials and parses the JSON answer', async () => {
    const { fetch, calls } = scriptedFetch([json(200, { ok: true })]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const result = await settle(client.post('/api/things', { name: 'a' }));
    expect(result.value).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    const init = calls[0]!.init;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"a"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('validates the answer with a schema', async () => {
    const { fetch } = scriptedFetch([json(200, { user: { id: 1 } })]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const result = await settle(client.get('/api/auth/session', { schema: sessionResponseSchema }));
    expect(result.error).toBeDefined();
    expect(result.error).not.toBeInstanceOf(ApiError);
  });

  it("uses the server's error message, code and fields for a non-2xx answer", async () => {
    const { fetch } = scriptedFetch([
      json(
        400,
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { email: 'Please enter a valid email address' },
          },
        },
        { statusText: 'Bad Request' },
      ),
    ]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { error } = await settle(client.post('/api/contact', {}));
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Some fields are not valid.');
    expect(apiError.status).toBe(400);
    expect(apiError.statusText).toBe('Bad Request');
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.fields).toEqual({ email: 'Please enter a valid email address' });
  });

  it("falls back to 'HTTP {status}: {statusText}' when the body is not the error shape", async () => {
    const { fetch } = scriptedFetch([
      new Response('<html>oops</html>', {
        status: 404,
        statusText: 'Not Found',
        headers: { 'Content-Type': 'text/html' },
      }),
    ]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { error } = await settle(client.get('/api/missing'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('HTTP 404: Not Found');
    expect((error as ApiError).code).toBeUndefined();
  });

  it('retries a GET 3 times on 5xx with delays of 1 s, 2 s and 4 s', async () => {
    const { fetch, calls } = scriptedFetch([json(503, {}, { statusText: 'Service Unavailable' })]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { error } = await settle(client.get('/api/busy'));
    expect(calls).toHaveLength(4);
    expect(calls.map((c) => c.at)).toEqual([0, 1000, 3000, 7000]);
    expect((error as ApiError).message).toBe('HTTP 503: Service Unavailable');
  });

  it('returns the answer of a retry that succeeds', async () => {
    const { fetch, calls } = scriptedFetch([
      new TypeError('Failed to fetch'),
      json(500, {}),
      json(200, { user: null }),
    ]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { value } = await settle(
      client.get('/api/auth/session', { schema: sessionResponseSchema }),
    );
    expect(value).toEqual({ user: null });
    expect(calls).toHaveLength(3);
  });

  it('retries 408 and 429 and honours Retry-After, capped at 30 s', async () => {
    const { fetch, calls } = scriptedFetch([
      json(429, {}, { headers: { 'Retry-After': '5' } }),
      json(408, {}, { headers: { 'Retry-After': '3600' } }),
      json(200, { ok: 1 }),
    ]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { value } = await settle(client.get('/api/limited'));
    expect(value).toEqual({ ok: 1 });
    expect(calls.map((c) => c.at)).toEqual([0, 5000, 35_000]);
  });

  it('does not retry a 4xx other than 408 and 429', async () => {
    const { fetch, calls } = scriptedFetch([json(403, {}, { statusText: 'Forbidden' })]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { error } = await settle(client.get('/api/admin/users'));
    expect(calls).toHaveLength(1);
    expect((error as ApiError).status).toBe(403);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    const { fetch, calls } = scriptedFetch([json(503, {}), new TypeError('Failed to fetch')]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { error } = await settle(client.request('/api/x', { method, body: { a: 1 } }));
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
  });

  it('never retries a POST that failed on the network', async () => {
    const { fetch, calls } = scriptedFetch([new TypeError('Failed to fetch')]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { error } = await settle(client.post('/api/errors', {}));
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('times out after 30 s with a timeout message, then retries a GET', async () => {
    const { fetch, calls } = scriptedFetch(['hang']);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { error } = await settle(client.get('/api/slow'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('The request timed out after 30 seconds.');
    expect(calls.map((c) => c.at)).toEqual([0, 31_000, 63_000, 97_000]);
  });

  it('times out a POST after 30 s without retrying', async () => {
    const { fetch, calls } = scriptedFetch(['hang']);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const request = client.post('/api/slow', {});
    const outcome = request.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(TimeoutError);
    expect(calls).toHaveLength(1);
  });

  it("stops at once when the caller's signal aborts, without retrying", async () => {
    const { fetch, calls } = scriptedFetch(['hang']);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const controller = new AbortController();
    const outcome = client.get('/api/slow', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    const error = await outcome;
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('returns undefined for an empty 204 answer', async () => {
    const { fetch } = scriptedFetch([new Response(null, { status: 204 })]);
    const client = createApiClient({ fetch, timeoutSignal: fakeTimeoutSignal });
    const { value, error } = await settle(client.delete('/api/x'));
    expect(error).toBeUndefined();
    expect(value).toBeUndefined();
  });
});
