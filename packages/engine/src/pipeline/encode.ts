import sharp, { type Sharp } from 'sharp';

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

export function rawImage(data: Buffer, width: number, height: number, channels: 1 | 3 | 4): Sharp {
  return sharp(data, { raw: { width, height, channels } });
}

/** Upscales the model's square alpha to the image size in libvips (native, threaded). */
export function resizeAlpha(
  alpha: Float32Array,
  size: number,
  width: number,
  height: number,
): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(alpha.length);
  for (let i = 0; i < alpha.length; i++) bytes[i] = (alpha[i]! * 255 + 0.5) | 0;
  if (size === width && size === height) return Promise.resolve(bytes);
  return (
    rawImage(bytes, size, size, 1)
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      // libvips reads a one-band raw image as sRGB and would hand back three bands.
      .toColourspace('b-w')
      .raw()
      .toBuffer()
  );
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
      image = image.webp({ quality: settings.quality, alphaQuality: 100, effort: 2 });
      break;
    case 'jpeg':
      image = image.jpeg({ quality: settings.quality, chromaSubsampling: '4:4:4' });
      break;
  }
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { data, format, width: info.width, height: info.height };
}
