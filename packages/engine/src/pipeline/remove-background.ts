import { performance } from 'node:perf_hooks';
import { AbortedError } from '../errors.js';
import { loadModel, resolveModel } from '../models/registry.js';
import type { LoadedModel, ModelConfig, SessionTuning } from '../models/types.js';
import { compose } from './compose.js';
import { decode } from './decode.js';
import type { Sharp } from 'sharp';
import {
  DEFAULT_ENCODE,
  encode,
  rawImage,
  alphaBytes,
  type EncodedImage,
  type Region,
} from './encode.js';
import { estimateForeground, foregroundGrid } from './foreground.js';
import { joinAlpha } from './hidden-pixels.js';
import { infer } from './infer.js';
import {
  resolveOptions,
  type OutputName,
  type ProgressCallback,
  type RemoveBackgroundOptions,
} from './options.js';
import { resizePlane } from './planes.js';
import { preprocess } from './preprocess.js';
import { applyCoefficients, guidedFilterCoefficients, refineParamsFor } from './refine.js';

export interface Timings {
  decodeMs: number;
  preprocessMs: number;
  inferenceMs: number;
  /** Guided-filter refinement, foreground estimation and the full-resolution compose pass. */
  refineMs: number;
  /**
   * Wall time from the end of refinement until every output is encoded. Outputs are encoded
   * concurrently, and transparent_bg (uncropped) starts right after inference, overlapping
   * refinement.
   */
  encodeMs: number;
  /** Per output; these overlap, so they may sum to more than encodeMs. */
  encodeByOutput: Partial<Record<OutputName, number>>;
  totalMs: number;
}

export interface RemoveBackgroundResult {
  /** Size of the outputs (after any output cap and crop). */
  width: number;
  height: number;
  /** Size of the decoded, oriented image before any cap or crop. */
  sourceWidth: number;
  sourceHeight: number;
  model: string;
  /** Region of the (capped) image that was kept when cropping. */
  crop?: Region;
  outputs: Partial<Record<OutputName, EncodedImage>>;
  timings: Timings;
}

export interface RunControls {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

export interface InProcessOptions extends RemoveBackgroundOptions, RunControls {
  model?: ModelConfig;
  session?: SessionTuning;
}

// Sessions are expensive (hundreds of ms and ~100–300 MB each): one per model and tuning per
// thread, created on first use and reused for every image.
const sessions = new Map<string, Promise<LoadedModel>>();

export function getModel(
  config: ModelConfig | undefined,
  tuning: SessionTuning = {},
): Promise<LoadedModel> {
  const key = JSON.stringify([config ?? null, tuning]);
  let loaded = sessions.get(key);
  if (!loaded) {
    loaded = loadModel(resolveModel(config), tuning);
    sessions.set(key, loaded);
    // A failed load (offline, bad checksum) must be retried next time, not cached.
    loaded.catch(() => sessions.delete(key));
  }
  return loaded;
}

export async function releaseModels(): Promise<void> {
  const all = [...sessions.values()];
  sessions.clear();
  for (const pending of all) {
    try {
      await (await pending).session.release();
    } catch {
      // A session that failed to load has nothing to release.
    }
  }
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortedError();
}

function cropRegion(
  subject: Region | undefined,
  width: number,
  height: number,
  margin: number | undefined,
): Region | undefined {
  if (!subject) return undefined;
  const m = margin ?? Math.round(Math.max(subject.width, subject.height) * 0.02);
  const left = Math.max(0, subject.left - m);
  const top = Math.max(0, subject.top - m);
  const right = Math.min(width, subject.left + subject.width + m);
  const bottom = Math.min(height, subject.top + subject.height + m);
  return { left, top, width: right - left, height: bottom - top };
}

/** Runs the whole pipeline in the calling thread with an already loaded model. */
export async function runPipeline(
  model: LoadedModel,
  input: Uint8Array,
  options: RemoveBackgroundOptions = {},
  controls: RunControls = {},
): Promise<RemoveBackgroundResult> {
  const opts = resolveOptions(options);
  const { signal, onProgress } = controls;
  const progress = onProgress ?? (() => {});
  const start = performance.now();
  let mark = start;
  const lap = (): number => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };

  checkAborted(signal);
  progress('decode', 0);
  const image = await decode(input, {
    limitInputPixels: opts.limitInputPixels,
    maxInputSide: opts.maxInputSide,
    maxAspectRatio: opts.maxAspectRatio,
    maxOutputMegapixels: opts.maxOutputMegapixels,
  });
  const decodeMs = lap();
  progress('decode', 1);

  checkAborted(signal);
  progress('preprocess', 0);
  const { spec } = model;
  const pre = await preprocess(image, spec.inputSize, spec.normalisation);
  const preprocessMs = lap();
  progress('preprocess', 1);

  checkAborted(signal);
  progress('inference', 0);
  const modelAlpha = await infer(model, pre.tensor, pre.size);
  const inferenceMs = lap();
  progress('inference', 1);

  const wanted = new Set<OutputName>(opts.maskOnly ? ['mask'] : opts.variants);
  const settings = { ...DEFAULT_ENCODE, quality: opts.quality };
  const { width: w, height: h } = image;
  const outputs: Partial<Record<OutputName, EncodedImage>> = {};
  const encodeByOutput: Partial<Record<OutputName, number>> = {};
  const encodes: Promise<void>[] = [];
  let encoded = 0;
  let encoding = false;
  const startEncode = (name: OutputName, source: () => Promise<Sharp>, region?: Region): void => {
    const t0 = performance.now();
    const format = name === 'mask' && opts.format === 'jpeg' ? 'png' : opts.format;
    const job = source()
      .then((img) => encode(img, format, region, settings))
      .then((result) => {
        outputs[name] = result;
        encodeByOutput[name] = performance.now() - t0;
        encoded++;
        if (encoding) progress('encode', encoded / encodes.length);
      });
    // Awaited below; this only keeps a failure during refinement from being unhandled.
    job.catch(() => {});
    encodes.push(job);
  };
  // The model's alpha at full resolution: transparent_bg's alpha as it is, and the floor the
  // refined alpha may not go below where the model found foreground (compose.ts).
  const modelBytes = alphaBytes(modelAlpha, pre.size, w, h);
  // The photo's colours with the model's alpha, and nothing where that alpha is 0.
  const transparentSource = async (): Promise<Sharp> =>
    rawImage(joinAlpha(image.rgb, modelBytes), w, h, 4);
  // transparent_bg needs only the model's alpha, so libvips encodes it on its own threads
  // while this thread refines; with cropping the region is not known yet.
  if (wanted.has('transparent_bg') && !opts.crop) startEncode('transparent_bg', transparentSource);

  checkAborted(signal);
  progress('refine', 0);
  const { workingWidth: ww, workingHeight: wh, working } = pre;
  const coarse = resizePlane(modelAlpha, pre.size, pre.size, ww, wh);
  const coefficients = guidedFilterCoefficients(
    working[0],
    working[1],
    working[2],
    coarse,
    ww,
    wh,
    refineParamsFor(ww, wh),
  );
  progress('refine', 0.4);
  const workingAlpha = applyCoefficients(coefficients, working[0], working[1], working[2]);
  const fg = foregroundGrid(working, workingAlpha, ww, wh);
  const foreground = estimateForeground(fg.image, fg.alpha, fg.width, fg.height);
  progress('refine', 0.7);
  const needColour = wanted.has('refined') || wanted.has('white_bg');
  const composed = compose(
    {
      rgb: image.rgb,
      width: image.width,
      height: image.height,
      coefficients,
      coefficientWidth: ww,
      coefficientHeight: wh,
      foreground,
      foregroundWidth: fg.width,
      foregroundHeight: fg.height,
      modelAlpha: modelBytes,
    },
    { colour: needColour, alpha: wanted.has('mask') || (opts.crop && !needColour) },
  );
  const refineMs = lap();
  progress('refine', 1);

  checkAborted(signal);
  const region = opts.crop
    ? cropRegion(composed.subject, image.width, image.height, opts.cropMargin)
    : undefined;
  if (composed.rgba) {
    const rgba = composed.rgba;
    if (wanted.has('refined'))
      startEncode('refined', () => Promise.resolve(rawImage(rgba, w, h, 4)), region);
    if (wanted.has('white_bg')) {
      const [r, g, b] = opts.background;
      startEncode(
        'white_bg',
        () => Promise.resolve(rawImage(rgba, w, h, 4).flatten({ background: { r, g, b } })),
        region,
      );
    }
  }
  if (wanted.has('transparent_bg') && opts.crop)
    startEncode('transparent_bg', transparentSource, region);
  if (composed.alpha && wanted.has('mask')) {
    const alpha = composed.alpha;
    startEncode(
      'mask',
      () => Promise.resolve(rawImage(alpha, w, h, 1).toColourspace('b-w')),
      region,
    );
  }
  encoding = true;
  progress('encode', encoded / encodes.length);
  await Promise.all(encodes);
  const encodeMs = lap();

  return {
    width: region?.width ?? image.width,
    height: region?.height ?? image.height,
    sourceWidth: image.sourceWidth,
    sourceHeight: image.sourceHeight,
    model: spec.name,
    crop: region,
    outputs,
    timings: {
      decodeMs,
      preprocessMs,
      inferenceMs,
      refineMs,
      encodeMs,
      encodeByOutput,
      totalMs: performance.now() - start,
    },
  };
}

/**
 * Removes the background in the calling thread. Convenient for scripts and tests; a server
 * should use `createEnginePool`, which keeps inference off its event loop.
 */
export async function removeBackground(
  input: Uint8Array,
  options: InProcessOptions = {},
): Promise<RemoveBackgroundResult> {
  const { model, session, signal, onProgress, ...rest } = options;
  resolveOptions(rest);
  const loaded = await getModel(model, session);
  return runPipeline(loaded, input, rest, { signal, onProgress });
}
