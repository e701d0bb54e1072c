// Every failure the engine reports has a stable `code` (for the server's HTTP mapping and the
// CLI's summary) and a message written for a person. Errors cross the worker boundary as plain
// { code, name, message } objects and are rebuilt here, because structured clone keeps neither
// the class nor custom properties of an Error.

export type EngineErrorCode =
  | 'unsupported_image'
  | 'corrupt_image'
  | 'empty_image'
  | 'image_too_large'
  | 'extreme_aspect_ratio'
  | 'invalid_options'
  | 'unknown_model'
  | 'model_load_failed'
  | 'model_download_failed'
  | 'model_checksum_mismatch'
  | 'inference_failed'
  | 'queue_full'
  | 'aborted'
  | 'timed_out'
  | 'pool_closed'
  | 'internal_error';

export class EngineError extends Error {
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = 'EngineError';
  }
}

export class UnsupportedImageError extends EngineError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('unsupported_image', message, options);
    this.name = 'UnsupportedImageError';
  }
}

export class CorruptImageError extends EngineError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('corrupt_image', message, options);
    this.name = 'CorruptImageError';
  }
}

export class EmptyImageError extends EngineError {
  constructor(message = 'The file is empty (0 bytes); there is no image to process.') {
    super('empty_image', message);
    this.name = 'EmptyImageError';
  }
}

export class ImageTooLargeError extends EngineError {
  constructor(message: string) {
    super('image_too_large', message);
    this.name = 'ImageTooLargeError';
  }
}

export class ExtremeAspectRatioError extends EngineError {
  constructor(message: string) {
    super('extreme_aspect_ratio', message);
    this.name = 'ExtremeAspectRatioError';
  }
}

export class InvalidOptionsError extends EngineError {
  constructor(message: string) {
    super('invalid_options', message);
    this.name = 'InvalidOptionsError';
  }
}

export class UnknownModelError extends EngineError {
  constructor(message: string) {
    super('unknown_model', message);
    this.name = 'UnknownModelError';
  }
}

export class ModelLoadError extends EngineError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('model_load_failed', message, options);
    this.name = 'ModelLoadError';
  }
}

export class ModelDownloadError extends EngineError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('model_download_failed', message, options);
    this.name = 'ModelDownloadError';
  }
}

export class ModelChecksumError extends EngineError {
  constructor(message: string) {
    super('model_checksum_mismatch', message);
    this.name = 'ModelChecksumError';
  }
}

export class InferenceError extends EngineError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('inference_failed', message, options);
    this.name = 'InferenceError';
  }
}

export class QueueFullError extends EngineError {
  constructor(message = 'The engine is busy: the queue is full. Try again shortly.') {
    super('queue_full', message);
    this.name = 'QueueFullError';
  }
}

export class AbortedError extends EngineError {
  constructor(message = 'The task was cancelled.') {
    super('aborted', message);
    this.name = 'AbortedError';
  }
}

export class TimedOutError extends EngineError {
  constructor(
    message = 'Processing this image took too long and was stopped. Try a smaller image.',
  ) {
    super('timed_out', message);
    this.name = 'TimedOutError';
  }
}

export class PoolClosedError extends EngineError {
  constructor(message = 'The engine pool is closed.') {
    super('pool_closed', message);
    this.name = 'PoolClosedError';
  }
}

export class InternalEngineError extends EngineError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('internal_error', message, options);
    this.name = 'InternalEngineError';
  }
}

export interface SerializedError {
  code: EngineErrorCode;
  name: string;
  message: string;
}

const constructors: Record<EngineErrorCode, new (message: string) => EngineError> = {
  unsupported_image: UnsupportedImageError,
  corrupt_image: CorruptImageError,
  empty_image: EmptyImageError,
  image_too_large: ImageTooLargeError,
  extreme_aspect_ratio: ExtremeAspectRatioError,
  invalid_options: InvalidOptionsError,
  unknown_model: UnknownModelError,
  model_load_failed: ModelLoadError,
  model_download_failed: ModelDownloadError,
  model_checksum_mismatch: ModelChecksumError,
  inference_failed: InferenceError,
  queue_full: QueueFullError,
  aborted: AbortedError,
  timed_out: TimedOutError,
  pool_closed: PoolClosedError,
  internal_error: InternalEngineError,
};

export function serializeError(error: unknown): SerializedError {
  if (error instanceof EngineError) {
    return { code: error.code, name: error.name, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal_error', name: 'InternalEngineError', message };
}

export function deserializeError(serialized: SerializedError): EngineError {
  const Ctor = constructors[serialized.code] ?? InternalEngineError;
  return new Ctor(serialized.message);
}

export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}
