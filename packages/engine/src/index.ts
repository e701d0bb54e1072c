// The engine's public API. The server uses createEnginePool (inference off its event loop);
// scripts and tests may call removeBackground directly.
import './no-telemetry.js';
export { createEnginePool } from './pool/pool.js';
export type { EnginePool, EnginePoolOptions, PoolStats, RunOptions } from './pool/pool.js';
export { defaultSizing } from './pool/sizing.js';
export type { PoolSizing } from './pool/sizing.js';
export { removeBackground, releaseModels } from './pipeline/remove-background.js';
export type {
  InProcessOptions,
  RemoveBackgroundResult,
  Timings,
} from './pipeline/remove-background.js';
export { readMask, touchUp } from './pipeline/touch-up.js';
export type { TouchUpOptions, TouchUpResult } from './pipeline/touch-up.js';
export { VARIANTS } from './pipeline/options.js';
export type {
  OutputName,
  ProgressCallback,
  RemoveBackgroundOptions,
  Stage,
  Variant,
} from './pipeline/options.js';
export type { EncodedImage, ImageFormat, Region } from './pipeline/encode.js';
export { composite, encodeComposed } from './composite/composite.js';
export type { Composed, CompositeInput } from './composite/composite.js';
export type {
  Background,
  BackgroundFit,
  CompositeOptions,
  Rgba,
  Shadow,
} from './composite/options.js';
export {
  expandMargins,
  placeSubject,
  SUBJECT_ALPHA_THRESHOLD,
  subjectBox,
} from './composite/geometry.js';
export type { Length, Position } from './composite/geometry.js';
export {
  checkDimensions,
  decode,
  DEFAULT_LIMIT_INPUT_PIXELS,
  DEFAULT_MAX_ASPECT_RATIO,
  DEFAULT_MAX_INPUT_SIDE,
} from './pipeline/decode.js';
export type { DecodedImage, DecodeOptions } from './pipeline/decode.js';
export { DEFAULT_MODEL, listModels } from './models/registry.js';
export type { ModelInfo } from './models/registry.js';
export type {
  CustomModelConfig,
  ModelConfig,
  Normalisation,
  OutputTransform,
  SessionTuning,
} from './models/types.js';
export { defaultCacheDir, downloadModel } from './models/download.js';
export {
  AbortedError,
  CorruptImageError,
  EmptyImageError,
  ExtremeAspectRatioError,
  EngineError,
  ImageTooLargeError,
  InferenceError,
  InternalEngineError,
  InvalidOptionsError,
  isEngineError,
  ModelChecksumError,
  ModelDownloadError,
  ModelLoadError,
  PoolClosedError,
  QueueFullError,
  TimedOutError,
  UnknownModelError,
  UnsupportedImageError,
} from './errors.js';
export type { EngineErrorCode } from './errors.js';
