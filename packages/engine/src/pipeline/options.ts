import { InvalidOptionsError } from '../errors.js';
import type { ImageFormat } from './encode.js';

export type Variant = 'refined' | 'white_bg' | 'transparent_bg';
export type OutputName = Variant | 'mask';
export const VARIANTS: readonly Variant[] = ['refined', 'white_bg', 'transparent_bg'];

export type Stage = 'decode' | 'preprocess' | 'inference' | 'refine' | 'encode';
export type ProgressCallback = (stage: Stage, fraction: number) => void;

export interface RemoveBackgroundOptions {
  /** Which outputs to produce; all three by default. Ignored with `maskOnly`. */
  variants?: Variant[];
  /** png (default) or webp for every output; jpeg only when white_bg is the sole variant. */
  format?: ImageFormat;
  /** Colour behind white_bg, as #rgb or #rrggbb; white by default. */
  background?: string;
  /** Produce only the refined alpha as a grayscale image, named `mask`. */
  maskOnly?: boolean;
  /** Crop every output to the subject's bounding box plus `cropMargin`. */
  crop?: boolean;
  /** Margin around the subject when cropping, in output pixels; default 2% of its longer side. */
  cropMargin?: number;
  /** Downscale larger images so outputs have at most this many megapixels. */
  maxOutputMegapixels?: number;
  /** Refuse images with more decoded pixels than this (default 50 MP). */
  limitInputPixels?: number;
  /** Refuse images whose longer side has more pixels than this (default 12,000). */
  maxInputSide?: number;
  /** Refuse images whose long side is more than this many times the short side (default 20). */
  maxAspectRatio?: number;
  /** WebP/JPEG quality, 1–100 (default 90). */
  quality?: number;
}

export interface ResolvedOptions {
  variants: Variant[];
  format: ImageFormat;
  background: [number, number, number];
  maskOnly: boolean;
  crop: boolean;
  cropMargin: number | undefined;
  maxOutputMegapixels: number | undefined;
  limitInputPixels: number | undefined;
  maxInputSide: number | undefined;
  maxAspectRatio: number | undefined;
  quality: number;
}

export function parseColour(value: string): [number, number, number] {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m?.[1]) {
    throw new InvalidOptionsError(`"${value}" is not a colour; use #rgb or #rrggbb, e.g. #ffffff.`);
  }
  const hex = m[1].length === 3 ? [...m[1]].map((ch) => ch + ch).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function resolveOptions(options: RemoveBackgroundOptions = {}): ResolvedOptions {
  const variants = options.variants ?? [...VARIANTS];
  if (variants.length === 0 || variants.some((v) => !VARIANTS.includes(v))) {
    throw new InvalidOptionsError(`variants must be a non-empty list of: ${VARIANTS.join(', ')}.`);
  }
  const format = options.format ?? 'png';
  if (!['png', 'webp', 'jpeg'].includes(format)) {
    throw new InvalidOptionsError(`format must be png, webp or jpeg (got "${String(format)}").`);
  }
  const maskOnly = options.maskOnly ?? false;
  if (format === 'jpeg' && !maskOnly && variants.some((v) => v !== 'white_bg')) {
    throw new InvalidOptionsError(
      'JPEG has no transparency: use it only for white_bg (variants: ["white_bg"]), or choose png or webp.',
    );
  }
  const quality = options.quality ?? 90;
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new InvalidOptionsError('quality must be an integer from 1 to 100.');
  }
  const cap = options.maxOutputMegapixels;
  if (cap !== undefined && !(cap > 0)) {
    throw new InvalidOptionsError('maxOutputMegapixels must be a positive number.');
  }
  const limit = options.limitInputPixels;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) {
    throw new InvalidOptionsError('limitInputPixels must be a positive integer.');
  }
  const side = options.maxInputSide;
  if (side !== undefined && !(Number.isInteger(side) && side > 0)) {
    throw new InvalidOptionsError('maxInputSide must be a positive integer.');
  }
  const aspect = options.maxAspectRatio;
  if (aspect !== undefined && !(aspect >= 1)) {
    throw new InvalidOptionsError('maxAspectRatio must be a number of at least 1.');
  }
  const margin = options.cropMargin;
  if (margin !== undefined && !(Number.isInteger(margin) && margin >= 0)) {
    throw new InvalidOptionsError('cropMargin must be a non-negative integer number of pixels.');
  }
  return {
    variants: [...new Set(variants)],
    format,
    background: parseColour(options.background ?? '#ffffff'),
    maskOnly,
    crop: options.crop ?? false,
    cropMargin: margin,
    maxOutputMegapixels: cap,
    limitInputPixels: limit,
    maxInputSide: side,
    maxAspectRatio: aspect,
    quality,
  };
}
