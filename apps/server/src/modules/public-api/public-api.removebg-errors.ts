import {
  publicApiTexts,
  removeBgErrorTexts,
  type ErrorCode,
  type RemoveBgError,
} from '@cutout/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RetryLaterError } from '../../errors.js';
import { FileTooLargeError } from '../jobs/image-input.js';
import { tooManyPartsMessage } from '../jobs/jobs.input.js';

// Errors on remove.bg's paths (/v1.0/*) as remove.bg's published OpenAPI answers them
// (docs/decisions/0162): a file too large, of the wrong type or unreadable is 400 with
// file_too_large, invalid_file_type or failed_to_read_image; a key that is unknown or revoked is
// 403 auth_failed; the body is `{ errors: [{ title, code, detail }] }`. Cutout's own /api/v1
// keeps its documented statuses (413, 415, 422, 401) and `{ error: { code, message } }`.

export interface RemoveBgAnswer {
  status: number;
  body: RemoveBgError;
}

const internalMessage = 'Something went wrong on our side. Please try again.';

/** Fastify's own 413s: a JSON or form body over the route's limit, a file part over its limit. */
const bodyTooLargeCodes = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE']);

function answer(status: number, code: string, title: string, detail: string): RemoveBgAnswer {
  return { status, body: { errors: [{ title, code, detail }] } };
}

/** Our status, code and sentence, whatever was thrown. */
function ours(error: FastifyError | AppError): {
  status: number;
  code: ErrorCode;
  message: string;
} {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, code: 'validation_failed', message: error.message };
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) {
    if (status === 413 || bodyTooLargeCodes.has(error.code)) {
      return { status: 413, code: 'payload_too_large', message: error.message };
    }
    return { status, code: 'validation_failed', message: error.message };
  }
  return { status: 500, code: 'internal', message: internalMessage };
}

/** The remove.bg answer for an error thrown on a /v1.0 route. */
export function removeBgAnswer(error: FastifyError | AppError): RemoveBgAnswer {
  const fileTooLarge =
    error instanceof FileTooLargeError ||
    (!(error instanceof AppError) && bodyTooLargeCodes.has(error.code));
  if (fileTooLarge) {
    // A background image has its own limit, which its message names; the image's is 12 MB.
    const detail =
      error instanceof FileTooLargeError && error.field
        ? error.message
        : removeBgErrorTexts.fileTooLargeDetail;
    return answer(400, 'file_too_large', removeBgErrorTexts.fileTooLarge, detail);
  }
  const { status, code, message } = ours(error);
  switch (status) {
    case 400:
      if (message === publicApiTexts.noImage) {
        return answer(400, 'missing_source', removeBgErrorTexts.missingSource, message);
      }
      if (message === publicApiTexts.twoImages) {
        return answer(400, 'multiple_sources', removeBgErrorTexts.multipleSources, message);
      }
      return answer(400, 'invalid_parameters', message, message);
    case 401:
      return answer(401, 'auth_failed', removeBgErrorTexts.authMissing, message);
    case 403:
      return answer(403, 'auth_failed', removeBgErrorTexts.authInvalid, message);
    case 402:
      return answer(402, 'insufficient_credits', removeBgErrorTexts.insufficientCredits, message);
    case 404:
      return answer(404, 'not_found', message, message);
    case 413:
      // The file's bytes are handled above; what is left is its pixels, or a form with too
      // many parts.
      if (message === tooManyPartsMessage) {
        return answer(400, 'multiple_sources', removeBgErrorTexts.multipleSources, message);
      }
      return answer(400, 'resolution_too_high', removeBgErrorTexts.resolutionTooHigh, message);
    case 415:
      // Ours for a file that is no image; Fastify's for a body type no parser reads.
      return error instanceof AppError
        ? answer(400, 'invalid_file_type', removeBgErrorTexts.invalidFileType, message)
        : answer(400, 'invalid_parameters', message, message);
    case 422:
      return answer(400, 'failed_to_read_image', removeBgErrorTexts.failedToRead, message);
    case 429:
      return answer(429, 'rate_limit_exceeded', removeBgErrorTexts.rateLimited, message);
    case 503:
      return answer(503, 'service_unavailable', message, message);
    default:
      if (status < 500) return answer(status, code, message, message);
      return answer(500, 'internal', internalMessage, internalMessage);
  }
}

/** Answers this context's errors in remove.bg's shape. */
export function useRemoveBgErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = removeBgAnswer(error);
    if (error instanceof RetryLaterError) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(status).send(body);
  });
}
