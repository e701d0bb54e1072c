import sharp, { type Sharp } from 'sharp';
import { pilLanczosResize } from './pil-lanczos.js';

export type ImageFormat = 'png' | 'webp' | 'jpeg';

export interface EncodedImage {
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface EncodeSettings {
  /** 1–100 for WebP and JPEG. */
  quality: number;
  /** zlib level for PNG: 0–9. */
  pngCompressionLevel: number;
}

export const DEFAULT_ENCODE: EncodeSettings = { quality: 90, pngCompressionLevel: 2 };

/**
 * WebP settings for a cut-out. `exact` keeps the (0, 0, 0) colour of invisible pixels as the
 * engine wrote it: by default libwebp replaces it with the average of the visible pixels of each
 * block, which a viewer ignoring the alpha sees as smears of the subject (up to 233 of 255 on a
 * 1000 × 667 photo, against at most 30 of lossy ringing with `exact`, for 16% more bytes;
 * decision 0267).
 */
export const WEBP_CUTOUT = (quality: number) =>
  ({ quality, alphaQuality: 100, effort: 2, exact: true }) as const;

export function rawImage(data: Buffer, width: number, height: number, channels: 1 | 3 | 4): Sharp {
  return sharp(data, { raw: { width, height, channels } });
}

/**
 * The model's square alpha at the image size, one byte per pixel, as rembg brings it back:
 * truncated to bytes (numpy's `astype('uint8')`) at the model's side, then PIL's LANCZOS to the
 * photo's size (decision 0267). Bilinear on the floats, before, left a third of the soft pixels
 * more than 8 levels from rembg's on portrait and landscape photos.
 */
export function alphaBytes(
  alpha: Float32Array,
  size: number,
  width: number,
  height: number,
): Buffer {
  const small = new Uint8Array(size * size);
  for (let i = 0; i < small.length; i++) {
    const v = alpha[i]! * 255;
    small[i] = v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
  }
  const bytes = pilLanczosResize(small, size, size, 1, width, height);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function encode(
  image: Sharp,
  format: ImageFormat,
  region: Region | undefined,
  settings: EncodeSettings,
): Promise<EncodedImage> {
  if (region) image = image.extract(region);
  switch (format) {
    case 'png':
      // Level 2 without adaptive filtering is several times faster than the default (6,
      // adaptive) on large RGBA images for somewhat larger files; see BENCHMARKS.md.
      image = image.png({
        compressionLevel: settings.pngCompressionLevel,
        adaptiveFiltering: false,
      });
      break;
    case 'webp':
      image = image.webp(WEBP_CUTOUT(settings.quality));
      break;
    case 'jpeg':
      image = image.jpeg({ quality: settings.quality, chromaSubsampling: '4:4:4' });
      break;
  }
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { data, format, width: info.width, height: info.height };
}
