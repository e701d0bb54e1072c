import ort from 'onnxruntime-node';
import sharp from 'sharp';
import { pilLanczosResize } from '../src/pipeline/pil-lanczos.js';

// A bare run of the same weights by rembg's recipe, written independently of the pipeline (it
// reads nothing from the engine's registry or pipeline): the photo stretched to the model's
// input side with PIL's LANCZOS, divided by its own brightest value, then (v − mean) / std with
// the mean and std rembg gives that model, one run, the first output min-max normalised to 0–1,
// truncated to bytes and stretched back to the photo's size with PIL's LANCZOS
// (rembg/sessions/base.py `normalize`, dis_general_use.py and u2netp.py `predict`). PIL's resize
// is the engine's byte-identical copy of Pillow's (src/pipeline/pil-lanczos.ts, checked against
// python3-pil offline): libvips' lanczos3 is another filter (issue 37). The engine's tests and `npm run bench:engine`
// compare the pipeline's transparent output against it (docs/decisions/0140).

export interface RembgRecipe {
  /** rembg's session name for these weights. */
  name: string;
  size: number;
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
}

/** rembg's `isnet-general-use` (DisSession): ImageNet mean, std 1, 1024². */
export const REMBG_ISNET: RembgRecipe = {
  name: 'isnet-general-use',
  size: 1024,
  mean: [0.485, 0.456, 0.406],
  std: [1, 1, 1],
};

/** rembg's `u2netp` (U2netpSession): ImageNet mean and std, 320². */
export const REMBG_U2NETP: RembgRecipe = {
  name: 'u2netp',
  size: 320,
  mean: [0.485, 0.456, 0.406],
  std: [0.229, 0.224, 0.225],
};

export interface BareAlpha {
  alpha: Buffer;
  width: number;
  height: number;
}

/** rembg's model input: the photo (RGB bytes) resized with PIL's LANCZOS and normalised. */
export function rembgTensor(
  recipe: RembgRecipe,
  data: Uint8Array,
  width: number,
  height: number,
): Float32Array {
  const size = recipe.size;
  const rgb = pilLanczosResize(data, width, height, 3, size, size);
  let max = 0;
  for (let i = 0; i < rgb.length; i++) if (rgb[i]! > max) max = rgb[i]!;
  const scale = 1 / Math.max(max, 1e-6);
  const plane = size * size;
  const tensor = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const mean = recipe.mean[c]!;
    const std = recipe.std[c]!;
    for (let i = 0; i < plane; i++) tensor[c * plane + i] = (rgb[i * 3 + c]! * scale - mean) / std;
  }
  return tensor;
}

export async function bareAlpha(
  session: ort.InferenceSession,
  recipe: RembgRecipe,
  image: Buffer,
): Promise<BareAlpha> {
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const size = recipe.size;
  const plane = size * size;
  const tensor = rembgTensor(recipe, data, width, height);
  const input = new ort.Tensor('float32', tensor, [1, 3, size, size]);
  const inputName = session.inputNames[0]!;
  const outputName = session.outputNames[0]!;
  const result = await session.run({ [inputName]: input }, [outputName]);
  input.dispose();
  const output = result[outputName]!;
  const pred = output.data as Float32Array;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < plane; i++) {
    const v = pred[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const small = Buffer.alloc(plane);
  // numpy's astype('uint8') truncates.
  for (let i = 0; i < plane; i++) small[i] = Math.floor(((pred[i]! - lo) / (hi - lo)) * 255);
  output.dispose();
  const alpha = Buffer.from(pilLanczosResize(small, size, size, 1, width, height));
  return { alpha, width, height };
}

/** Bare ISNet (rembg's isnet-general-use recipe) on an encoded image. */
export function bareIsnetAlpha(session: ort.InferenceSession, image: Buffer): Promise<BareAlpha> {
  return bareAlpha(session, REMBG_ISNET, image);
}

/**
 * How an alpha agrees with the bare run's on the same photo, as sums so photos add up. Soft
 * pixels are those where the bare alpha is 8–247.
 */
export interface SoftAgreement {
  pixels: number;
  soft: number;
  /** Sum over the soft pixels of (alpha − bare), in levels: negative means darker. */
  sumDiff: number;
  /** Sum over the soft pixels of |alpha − bare|, in levels. */
  sumAbs: number;
  /** Soft pixels within ±8 levels of the bare alpha. */
  within8: number;
  /** Pixels below 128 where the bare alpha is at or above 128 (darkened across the threshold). */
  darkened: number;
  /** Pixels at or above 128 where the bare alpha is below 128. */
  brightened: number;
}

export function softAgreement(alpha: Uint8Array, bare: Uint8Array): SoftAgreement {
  const out: SoftAgreement = {
    pixels: bare.length,
    soft: 0,
    sumDiff: 0,
    sumAbs: 0,
    within8: 0,
    darkened: 0,
    brightened: 0,
  };
  for (let i = 0; i < bare.length; i++) {
    const r = bare[i]!;
    const a = alpha[i]!;
    if (a < 128 && r >= 128) out.darkened++;
    else if (a >= 128 && r < 128) out.brightened++;
    if (r < 8 || r > 247) continue;
    out.soft++;
    const d = a - r;
    out.sumDiff += d;
    out.sumAbs += d < 0 ? -d : d;
    if (d >= -8 && d <= 8) out.within8++;
  }
  return out;
}

export function addAgreement(total: SoftAgreement, one: SoftAgreement): SoftAgreement {
  return {
    pixels: total.pixels + one.pixels,
    soft: total.soft + one.soft,
    sumDiff: total.sumDiff + one.sumDiff,
    sumAbs: total.sumAbs + one.sumAbs,
    within8: total.within8 + one.within8,
    darkened: total.darkened + one.darkened,
    brightened: total.brightened + one.brightened,
  };
}

export const NO_AGREEMENT: SoftAgreement = {
  pixels: 0,
  soft: 0,
  sumDiff: 0,
  sumAbs: 0,
  within8: 0,
  darkened: 0,
  brightened: 0,
};
