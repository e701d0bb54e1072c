import { defaultErrorMessages, type ErrorCode } from '@cutout/contracts';

// Services throw AppError; the error plugin turns it into { error: { code, message } }.

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string = defaultErrorMessages[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 429 (or 503 when the service itself is full) with a Retry-After header (the errors plugin sets it). */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    status: 429 | 503 = 429,
    code: ErrorCode = status === 429 ? 'rate_limited' : 'service_unavailable',
  ) {
    super(status, code, message);
  }
}

export const notFound = (message?: string) => new AppError(404, 'not_found', message);
export const unauthorized = (message?: string) => new AppError(401, 'unauthorized', message);
export const forbidden = (message?: string) => new AppError(403, 'forbidden', message);
export const conflict = (message?: string) => new AppError(409, 'conflict', message);

/** The error code we answer with for a status that carries no code of its own. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation_failed';
    case 401:
      return 'unauthorized';
    case 402:
      return 'payment_required';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal' : 'validation_failed';
  }
}
