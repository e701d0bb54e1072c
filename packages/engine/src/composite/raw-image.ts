import sharp, { type Sharp } from 'sharp';
import { CorruptImageError, ImageTooLargeError, UnsupportedImageError } from '../errors.js';

// Raw pixels between the composition's sharp steps, and the words for an image it cannot use.

export type Raw = { data: Buffer; width: number; height: number; channels: number };

export const rawOf = (image: Raw) => ({
  raw: { width: image.width, height: image.height, channels: image.channels as 1 | 3 | 4 },
});

export async function toRaw(image: Sharp): Promise<Raw> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export function imageError(what: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ImageTooLargeError(`The ${what} has too many pixels to be used.`);
  }
  if (/unsupported image format/i.test(message)) {
    return new UnsupportedImageError(`The ${what} is not an image format Cutout can read.`);
  }
  return new CorruptImageError(`The ${what} could not be read: it is damaged or not an image.`, {
    cause: error,
  });
}

/** An encoded image, oriented, decoded to raw RGBA; a person-readable error if it cannot be. */
export async function decodeRgba(bytes: Uint8Array, what: string, limit: number): Promise<Raw> {
  try {
    return await toRaw(sharp(bytes, { limitInputPixels: limit }).rotate().ensureAlpha());
  } catch (error) {
    throw imageError(what, error);
  }
}

export function transparentFrame(width: number, height: number): Sharp {
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
}
