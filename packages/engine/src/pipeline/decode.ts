import sharp, { type Metadata } from 'sharp';
import {
  CorruptImageError,
  EmptyImageError,
  ExtremeAspectRatioError,
  ImageTooLargeError,
  UnsupportedImageError,
} from '../errors.js';

export const DEFAULT_LIMIT_INPUT_PIXELS = 50_000_000;
/** Longest side in pixels; a 100 MP medium-format photo is 11,648 wide (decision 0013). */
export const DEFAULT_MAX_INPUT_SIDE = 12_000;
/** Long side over short side; a 20:1 image reaches the model as a smear (decision 0013). */
export const DEFAULT_MAX_ASPECT_RATIO = 20;

// What a person can upload. SVG is left out on purpose: it is not a photo, and rasterising
// untrusted vector files is attack surface we do not need. HEIC decodes only where libvips was
// built with it (sharp's prebuilt binaries read AVIF through libheif but not HEVC).
const SUPPORTED = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);

export interface DecodedImage {
  /** Packed sRGB, 3 bytes per pixel, orientation applied, alpha dropped. */
  rgb: Buffer;
  width: number;
  height: number;
  /** Size of the file's image before orientation and any output cap. */
  sourceWidth: number;
  sourceHeight: number;
  format: string;
}

export interface DecodeOptions {
  limitInputPixels?: number;
  /** Refuse images whose longer side has more pixels than this (default 12,000). */
  maxInputSide?: number;
  /** Refuse images whose long side is more than this many times the short side (default 20). */
  maxAspectRatio?: number;
  /** Downscale (never enlarge) so the decoded image has at most this many megapixels. */
  maxOutputMegapixels?: number;
}

function megapixels(pixels: number): string {
  const mp = pixels / 1e6;
  if (mp >= 10) return mp.toFixed(0);
  if (mp >= 1) return mp.toFixed(1).replace(/\.0$/, '');
  return String(Number(mp.toPrecision(2)));
}

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Refuses, from header dimensions alone, an image whose shape is beyond the limits: a very long
 * or very thin image costs minutes of per-row work at any pixel count (a 1 × 40,000,000 PNG
 * kept a worker busy for 206 s) and gives the model nothing it can segment.
 */
export function checkDimensions(
  width: number,
  height: number,
  maxInputSide: number = DEFAULT_MAX_INPUT_SIDE,
  maxAspectRatio: number = DEFAULT_MAX_ASPECT_RATIO,
): void {
  const size = `This image is ${count(width)} × ${count(height)} pixels`;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long > maxInputSide) {
    throw new ImageTooLargeError(
      `${size}: its longest side may be at most ${count(maxInputSide)} pixels.`,
    );
  }
  if (long > short * maxAspectRatio) {
    const ratio = long / short;
    const shown = ratio >= 10 ? Math.round(ratio) : Number(ratio.toFixed(1));
    throw new ExtremeAspectRatioError(
      `${size}: its long side may be at most ${count(maxAspectRatio)} times its short side (this one is ${count(shown)} times).`,
    );
  }
}

function describeSharpError(cause: unknown): Error {
  const message = cause instanceof Error ? cause.message : String(cause);
  if (/unsupported image format/i.test(message)) {
    return new UnsupportedImageError(
      'This file is not an image Cutout can read. Use JPEG, PNG, WebP, AVIF, TIFF or GIF.',
      { cause },
    );
  }
  if (/pixel limit/i.test(message)) {
    return new ImageTooLargeError(`This image has more pixels than the configured limit.`);
  }
  return new CorruptImageError(
    `This image file is damaged or incomplete and cannot be decoded (${message.split('\n')[0]}).`,
    { cause },
  );
}

export async function decode(
  input: Uint8Array,
  options: DecodeOptions = {},
): Promise<DecodedImage> {
  if (input.length === 0) throw new EmptyImageError();
  const limit = options.limitInputPixels ?? DEFAULT_LIMIT_INPUT_PIXELS;

  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw describeSharpError(cause);
  }
  const format = meta.format;
  if (!format || !SUPPORTED.has(format)) {
    throw new UnsupportedImageError(
      `${format ? `${format.toUpperCase()} images are` : 'This file is'} not supported. Use JPEG, PNG, WebP, AVIF, TIFF or GIF.`,
    );
  }
  const { width, height } = meta;
  if (!width || !height) throw new CorruptImageError('This image has no width or height.');
  // Checked on the header so a decompression bomb is refused before a byte is inflated.
  if (width * height > limit) {
    throw new ImageTooLargeError(
      `This image is ${width}×${height} pixels (${megapixels(width * height)} MP); the limit is ${megapixels(limit)} MP.`,
    );
  }
  checkDimensions(width, height, options.maxInputSide, options.maxAspectRatio);

  let pipeline = sharp(input, { limitInputPixels: limit, failOn: 'warning', pages: 1 })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb');
  const cap = options.maxOutputMegapixels;
  if (cap && width * height > cap * 1e6) {
    const scale = Math.sqrt((cap * 1e6) / (width * height));
    pipeline = pipeline.resize({
      width: Math.max(1, Math.floor(width * scale)),
      height: Math.max(1, Math.floor(height * scale)),
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  try {
    const { data, info } = await pipeline
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) {
      throw new UnsupportedImageError(
        `This image decodes to ${info.channels} colour channels; Cutout needs RGB or grayscale.`,
      );
    }
    return {
      rgb: data,
      width: info.width,
      height: info.height,
      sourceWidth: width,
      sourceHeight: height,
      format,
    };
  } catch (cause) {
    if (cause instanceof UnsupportedImageError) throw cause;
    throw describeSharpError(cause);
  }
}
