import { performance } from 'node:perf_hooks';
import sharp, { type Metadata } from 'sharp';
import { AbortedError, CorruptImageError, InvalidOptionsError } from '../errors.js';
import { composeWithAlpha } from './compose.js';
import { decode } from './decode.js';
import { DEFAULT_ENCODE, encode, rawImage, type EncodedImage } from './encode.js';
import { estimateForeground, foregroundGrid } from './foreground.js';
import { joinAlpha } from './hidden-pixels.js';
import { parseColour, type OutputName } from './options.js';
import { workingSize } from './preprocess.js';
import type { Plane } from './planes.js';

// A touched-up result (issue 25): the person's own alpha mask, at the result's size, instead of
// the model's. The three results are made from the original photo and that mask exactly as the
// pipeline makes them from its own alpha — transparent_bg is the photo's colours with the mask,
// refined has the foreground colours decontaminated along the mask's soft edges, white_bg is
// refined on white — so an edited job answers like any other. No model runs. Where the mask is 0
// both cut-outs are (0, 0, 0, 0): an erased stroke keeps nothing of the photo, and a restored one
// gets the photo's colours back because they come from the original, not from an earlier result
// (decision 0267).

export interface TouchUpOptions {
  /** The cap the job's results were made with (preview jobs), so the sizes match. */
  maxOutputMegapixels?: number;
  limitInputPixels?: number;
  maxInputSide?: number;
  maxAspectRatio?: number;
  /** Colour behind white_bg; white by default. */
  background?: string;
}

export interface TouchUpResult {
  width: number;
  height: number;
  /** refined, white_bg, transparent_bg and the mask itself (grayscale PNG) as stored. */
  outputs: Record<OutputName, EncodedImage>;
  totalMs: number;
}

/**
 * The mask as one byte per pixel: its alpha channel when it has one (a canvas' export), else its
 * grey level (white = subject). Throws CorruptImageError when it is not an image and
 * InvalidOptionsError when its size is not the result's.
 */
export async function readMask(
  mask: Uint8Array,
  width: number,
  height: number,
  limitInputPixels = width * height,
): Promise<Uint8Array> {
  const notImage = (cause?: unknown) =>
    new CorruptImageError('The mask is not an image Cutout can read: send a PNG.', { cause });
  if (mask.byteLength === 0) throw notImage();
  let meta: Metadata;
  try {
    meta = await sharp(mask, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw notImage(error);
  }
  if (!meta.width || !meta.height) throw notImage();
  if (meta.width !== width || meta.height !== height) {
    throw new InvalidOptionsError(
      `The mask must be ${width} × ${height} pixels, the size of the result; this one is ${meta.width} × ${meta.height}.`,
    );
  }
  let rgba: Buffer;
  try {
    rgba = await sharp(mask, { limitInputPixels: Math.max(1, limitInputPixels), pages: 1 })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer();
  } catch (error) {
    throw notImage(error);
  }
  const n = width * height;
  if (rgba.length !== n * 4) throw notImage();
  const out = new Uint8Array(n);
  if (meta.hasAlpha) {
    for (let i = 0; i < n; i++) out[i] = rgba[i * 4 + 3]!;
  } else {
    // Rec. 601 luma in integers: a grey mask comes back exactly.
    for (let i = 0, k = 0; i < n; i++, k += 4) {
      out[i] = (rgba[k]! * 299 + rgba[k + 1]! * 587 + rgba[k + 2]! * 114 + 500) / 1000;
    }
  }
  return out;
}

function planesOf(rgb: Buffer, n: number): [Plane, Plane, Plane] {
  const planes: [Plane, Plane, Plane] = [
    new Float32Array(n),
    new Float32Array(n),
    new Float32Array(n),
  ];
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    planes[0][i] = rgb[j]! / 255;
    planes[1][i] = rgb[j + 1]! / 255;
    planes[2][i] = rgb[j + 2]! / 255;
  }
  return planes;
}

/** Makes the three results (and the mask as stored) from the original photo and a mask. */
export async function touchUp(
  original: Uint8Array,
  mask: Uint8Array,
  options: TouchUpOptions = {},
  signal?: AbortSignal,
): Promise<TouchUpResult> {
  const start = performance.now();
  const background = parseColour(options.background ?? '#ffffff');
  const image = await decode(original, {
    limitInputPixels: options.limitInputPixels,
    maxInputSide: options.maxInputSide,
    maxAspectRatio: options.maxAspectRatio,
    maxOutputMegapixels: options.maxOutputMegapixels,
  });
  const { width: w, height: h } = image;
  const alpha = await readMask(mask, w, h, options.limitInputPixels ?? w * h);
  if (signal?.aborted) throw new AbortedError();

  // Foreground colours are estimated on a small grid, as in the pipeline (foreground.ts).
  const [ww, wh] = workingSize(w, h);
  const [workingRgb, workingAlpha] = await Promise.all([
    rawImage(image.rgb, w, h, 3)
      .resize(ww, wh, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer(),
    sharp(alpha, { raw: { width: w, height: h, channels: 1 } })
      .resize(ww, wh, { fit: 'fill' })
      .toColourspace('b-w')
      .raw()
      .toBuffer(),
  ]);
  const n = ww * wh;
  const alphaPlane = new Float32Array(n);
  for (let i = 0; i < n; i++) alphaPlane[i] = workingAlpha[i]! / 255;
  const fg = foregroundGrid(planesOf(workingRgb, n), alphaPlane, ww, wh);
  const foreground = estimateForeground(fg.image, fg.alpha, fg.width, fg.height);
  const rgba = composeWithAlpha(
    {
      rgb: image.rgb,
      width: w,
      height: h,
      foreground,
      foregroundWidth: fg.width,
      foregroundHeight: fg.height,
    },
    alpha,
  );
  if (signal?.aborted) throw new AbortedError();

  const alphaBuffer = Buffer.from(alpha.buffer, alpha.byteOffset, alpha.byteLength);
  const [r, g, b] = background;
  const [refined, whiteBg, transparentBg, maskPng] = await Promise.all([
    encode(rawImage(rgba, w, h, 4), 'png', undefined, DEFAULT_ENCODE),
    encode(
      rawImage(rgba, w, h, 4).flatten({ background: { r, g, b } }),
      'png',
      undefined,
      DEFAULT_ENCODE,
    ),
    encode(rawImage(joinAlpha(image.rgb, alpha), w, h, 4), 'png', undefined, DEFAULT_ENCODE),
    encode(rawImage(alphaBuffer, w, h, 1).toColourspace('b-w'), 'png', undefined, DEFAULT_ENCODE),
  ]);
  return {
    width: w,
    height: h,
    outputs: {
      refined,
      white_bg: whiteBg,
      transparent_bg: transparentBg,
      mask: maskPng,
    },
    totalMs: performance.now() - start,
  };
}
