import type { InferenceSession } from 'onnxruntime-node';

/**
 * How raw 0–255 RGB becomes the model's input: value' = (value / divisor − mean) / std, per
 * channel. The built-in models follow rembg, the reference recipe for their weights: divisor
 * `'max'` (the brightest value of the resized input, 255 in most photos) and ImageNet mean,
 * with std 1 for ISNet and ImageNet std for U²-Netp (docs/decisions/0140).
 */
export interface Normalisation {
  /** A fixed number, or `'max'`: the brightest channel value of the resized input (rembg). */
  divisor: number | 'max';
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
}

/**
 * How the raw output becomes alpha in 0–1. `minmax` (rembg's, and DIS's own inference) stretches
 * the output's range to 0–1, so a photo on which the model is unsure everywhere still gets an
 * opaque subject; `clamp` keeps values as they are (those below 1 stay soft).
 */
export type OutputTransform = 'clamp' | 'minmax' | 'sigmoid';

export interface ModelSpec {
  name: string;
  description: string;
  /** Square input side; the image is stretched (not letterboxed) to it. */
  inputSize: number;
  normalisation: Normalisation;
  /** Input name; undefined takes the session's first input. */
  inputName?: string;
  /** Output to fetch; undefined takes the session's first output (U²-Net's d0). */
  outputName?: string;
  outputTransform: OutputTransform;
  /** Returns the ONNX bytes or a file path onnxruntime can open. */
  load(): Promise<Uint8Array | string>;
}

/** A model given in configuration rather than built in. */
export interface CustomModelConfig {
  name?: string;
  /** A local .onnx file. */
  path?: string;
  /** An https URL, downloaded once into `cacheDir`. */
  url?: string;
  /** Lower-case hex sha256 of the file; checked after download (and for `path` when given). */
  sha256?: string;
  cacheDir?: string;
  /** Allow plain http to 127.0.0.1/::1/localhost only: for tests against a local server. */
  allowInsecureLoopback?: boolean;
  inputSize: number;
  normalisation?: Normalisation;
  inputName?: string;
  outputName?: string;
  outputTransform?: OutputTransform;
}

/** A built-in model name or a custom model. */
export type ModelConfig = string | CustomModelConfig;

export interface SessionTuning {
  intraOpNumThreads?: number;
  interOpNumThreads?: number;
  executionMode?: 'sequential' | 'parallel';
  graphOptimizationLevel?: 'disabled' | 'basic' | 'extended' | 'layout' | 'all';
  /** onnxruntime's CPU arena keeps the peak allocation for the session's life (0015, 0066): on by default. */
  enableCpuMemArena?: boolean;
  enableMemPattern?: boolean;
  /**
   * Whether idle intra-op threads spin-wait for more work after a run. Spinning threads keep
   * the cores busy while the pipeline refines and encodes, so the engine turns it off.
   */
  allowSpinning?: boolean;
}

export interface LoadedModel {
  spec: ModelSpec;
  session: InferenceSession;
  inputName: string;
  outputName: string;
}
