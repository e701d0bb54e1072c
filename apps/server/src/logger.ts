import type { FastifyServerOptions } from 'fastify';

// The one pino setup of every Cutout process (API and worker), so a secret that must not reach a
// log is redacted the same way wherever the line is written.

const SECRET_PARAMS = /([?&](?:token|key|api_key|password)=)[^&#]*/gi;

/** A URL with the values of secret-bearing query parameters replaced. */
export function redactQuery(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Header and field paths whose values never reach a log line. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  // Objects a worker or service logs beside a message.
  'password',
  '*.password',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'token',
  '*.token',
];

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    ...(stream ? { stream } : {}),
    level,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      // Fastify's request fields, with secrets in the query string (the reset page's
      // ?token=…, the validate call) blanked: a log line must never carry a token.
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactQuery(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  };
}
