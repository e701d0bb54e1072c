import { vi } from 'vitest';

/** A JSON answer as the server sends it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The server's error shape (STYLE.md: one error shape). */
export function apiError(
  status: number,
  message: string,
  fields?: Record<string, string>,
  code = 'error',
): Response {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

export type Call = { method: string; url: string; body: unknown };

/**
 * Replaces fetch with `answer`, called with each request's method, URL and parsed JSON body.
 * Returns the calls made, in order.
 */
export function stubFetch(answer: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call = { method: init?.method ?? 'GET', url, body };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
