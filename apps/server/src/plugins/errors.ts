import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { defaultErrorMessages, type ErrorBody } from '@cutout/contracts';
import { AppError, RetryLaterError, codeForStatus } from '../errors.js';

// One error shape for every failure: { error: { code, message, fields?, requestId? } }.
// 5xx answers never carry internals; they are logged with the request id instead.

function fieldPath(instancePath: string, params: unknown): string {
  const fromPath = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? '';
}

export const errorsPlugin = fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      let status: number;
      let body: ErrorBody;

      if (error instanceof AppError) {
        status = error.status;
        body = {
          error: {
            code: error.code,
            message: error.message,
            ...(error.fields ? { fields: error.fields } : {}),
          },
        };
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        status = 400;
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const key =
            fieldPath(issue.instancePath, issue.params) || error.validationContext || 'request';
          fields[key] ??= issue.message ?? 'Invalid value';
        }
        const first = Object.values(fields)[0];
        body = {
          error: {
            code: 'validation_failed',
            message: first ?? defaultErrorMessages.validation_failed,
            fields,
          },
        };
      } else if (isResponseSerializationError(error)) {
        // Our own response did not match its schema: a bug on our side, never the caller's.
        status = 500;
        body = { error: { code: 'internal', message: defaultErrorMessages.internal } };
      } else {
        const fastifyStatus = (error as FastifyError).statusCode;
        status = fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 600 ? fastifyStatus : 500;
        const code = codeForStatus(status);
        // Fastify's own 4xx messages (bad JSON, wrong content type) are about the request and
        // safe to show; for statuses with a plain-language default we prefer that.
        const message =
          status >= 500
            ? defaultErrorMessages.internal
            : status === 413 || status === 415 || status === 429
              ? defaultErrorMessages[code]
              : error.message || defaultErrorMessages[code];
        body = { error: { code, message } };
      }

      if (error instanceof RetryLaterError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        body.error.requestId = request.id;
      } else {
        request.log.info({ status, code: body.error.code }, body.error.message);
      }
      void reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (431 for oversized headers, 408
 * for a request that never finished arriving, 400 for a malformed one), in the one error shape.
 * Passed to Fastify as `clientErrorHandler`; app.inject never reaches it, real sockets do.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          "The request's headers are too large, often because of too many cookies. Please clear this site's cookies and try again.",
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive. Please try again.']
        : [400, 'The request could not be read.'];
  endWithStatus(socket, status, message);
}

/**
 * Answers `status` with the one error shape straight on the socket (no response was started),
 * then closes it: a client still trickling bytes does not keep a half-closed connection.
 */
export function endWithStatus(socket: Duplex, status: number, message: string): void {
  // 431 has no code of its own in the contracts: it is a request that is too large.
  const code = status === 431 ? 'payload_too_large' : codeForStatus(status);
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    ?.headersSent;
  if (!socket.writable || started) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    () => socket.destroy(),
  );
  // If the client never reads the answer, the connection goes anyway.
  setTimeout(() => socket.destroy(), 2_000).unref();
}
