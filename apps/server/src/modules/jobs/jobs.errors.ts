import { editorTexts } from '@cutout/contracts';
import { isEngineError } from '@cutout/engine';
import { damagedImageMessage } from './image-input.js';

// How jobs fail, in words a person reads and in HTTP statuses.

export const busyMessage =
  'Cutout is busy processing other images right now. Please try again in a few seconds.';

export const ownShareMessage =
  'You already have several images waiting to be processed. Please try again when one of them has finished.';

/** A stored file asked for after the retention period. */
export const expiredMessage =
  'This result is no longer available: results are deleted after the retention period. Please process the image again.';

/** Seconds a caller refused for a full queue should wait: about one job per worker. */
export const retryAfterSeconds = 5;

/** HTTP status for the error codes jobs end with. */
export function statusForJobError(code: string | null): number {
  switch (code) {
    case 'unsupported_media_type':
      return 415;
    case 'payload_too_large':
      return 413;
    case 'unprocessable':
      return 422;
    case 'payment_required':
      return 402;
    case 'validation_failed':
      return 400;
    case 'service_unavailable':
      return 503;
    default:
      return 500;
  }
}

/** The error code and message a job ends with when the engine throws `error`. */
export function engineFailure(error: unknown): { code: string; message: string } {
  if (isEngineError(error)) {
    switch (error.code) {
      case 'unsupported_image':
        return { code: 'unsupported_media_type', message: editorTexts.notAnImage };
      case 'image_too_large':
        return { code: 'payload_too_large', message: error.message };
      case 'extreme_aspect_ratio':
      case 'timed_out':
        return { code: 'unprocessable', message: error.message };
      case 'corrupt_image':
      case 'empty_image':
        return { code: 'unprocessable', message: damagedImageMessage };
      case 'invalid_options':
        return { code: 'validation_failed', message: error.message };
      default:
        break;
    }
  }
  return { code: 'internal', message: editorTexts.processFailed };
}
