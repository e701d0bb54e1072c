import { editorTexts, limits } from '@cutout/contracts';
import { checkDimensions, isEngineError } from '@cutout/engine';
import sharp from 'sharp';
import { AppError } from '../../errors.js';

// What the server checks before a file becomes a job, whatever the browser already checked:
// the bytes (not the declared type) must be an image format the engine decodes, the size at
// most 10 MB, and the pixel count, longest side and aspect ratio within the engine's limits, so
// an image the engine would refuse never becomes a job, holds a credit or waits in the queue. Decoding problems that only show
// up when the whole file is read (a truncated JPEG) fail the job later with 422.

export interface ImageKind {
  /** The MIME type the bytes really are. */
  type: string;
  ext: string;
}

const ftypBrands: Record<string, ImageKind> = {
  avif: { type: 'image/avif', ext: 'avif' },
  avis: { type: 'image/avif', ext: 'avif' },
  heic: { type: 'image/heic', ext: 'heic' },
  heix: { type: 'image/heic', ext: 'heic' },
  mif1: { type: 'image/heif', ext: 'heif' },
  msf1: { type: 'image/heif', ext: 'heif' },
};

/** The image format by its magic bytes, or undefined for anything else (SVG included). */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 32));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    return { type: 'image/jpeg', ext: 'jpg' };
  }
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) {
    return { type: 'image/png', ext: 'png' };
  }
  if (
    b.length >= 6 &&
    (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')
  ) {
    return { type: 'image/gif', ext: 'gif' };
  }
  if (
    b.length >= 12 &&
    b.toString('latin1', 0, 4) === 'RIFF' &&
    b.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return { type: 'image/webp', ext: 'webp' };
  }
  if (
    b.length >= 4 &&
    ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) ||
      (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a))
  ) {
    return { type: 'image/tiff', ext: 'tiff' };
  }
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') {
    return ftypBrands[b.toString('latin1', 8, 12)];
  }
  return undefined;
}

export interface CheckedImage extends ImageKind {
  width: number;
  height: number;
}

export function notAnImage(message: string = editorTexts.notAnImage): AppError {
  return new AppError(415, 'unsupported_media_type', message);
}

/** The file's bytes are over the upload limit (not its pixels: those are other 413s). */
export class FileTooLargeError extends AppError {
  constructor(
    message: string = editorTexts.tooLarge,
    /** The form field it came in, when not the image itself (bg_image_file, bg_image_url). */
    readonly field?: string,
  ) {
    super(413, 'payload_too_large', message);
  }
}

export function tooLarge(): AppError {
  return new FileTooLargeError();
}

export const damagedImageMessage =
  'This image file is damaged or incomplete and cannot be read. Please try another file.';

export interface ImageLimits {
  maxInputPixels: number;
  maxInputSide: number;
  maxAspectRatio: number;
}

/** Checks an upload's bytes and header; throws the AppError a person should see. */
export async function checkImage(
  bytes: Uint8Array,
  { maxInputPixels, maxInputSide, maxAspectRatio }: ImageLimits,
  whenNotImage: () => AppError = () => notAnImage(),
  maxBytes: number = limits.maxUploadBytes,
): Promise<CheckedImage> {
  if (bytes.byteLength > maxBytes) throw tooLarge();
  const kind = sniffImage(bytes);
  if (!kind) throw whenNotImage();
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only; the pixel limit is applied by us with a clearer message.
    const meta = await sharp(bytes, { limitInputPixels: false, failOn: 'none' }).metadata();
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
  } catch {
    throw new AppError(422, 'unprocessable', damagedImageMessage);
  }
  if (!width || !height) throw new AppError(422, 'unprocessable', damagedImageMessage);
  if (width * height > maxInputPixels) {
    const mp = (n: number) => (n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1);
    throw new AppError(
      413,
      'payload_too_large',
      `This image has ${mp(width * height)} megapixels (${width}×${height}); the limit is ${mp(maxInputPixels)} megapixels. Please use a smaller image.`,
    );
  }
  // The engine's own rule and message, so the two cannot disagree: 413 for a side too long,
  // 422 for a shape too extreme (the file is not too big; the image cannot be used as it is).
  try {
    checkDimensions(width, height, maxInputSide, maxAspectRatio);
  } catch (error) {
    if (!isEngineError(error)) throw error;
    if (error.code === 'image_too_large') {
      throw new AppError(413, 'payload_too_large', error.message);
    }
    throw new AppError(422, 'unprocessable', error.message);
  }
  return { ...kind, width, height };
}

/** `image_from_url.{ext}` with the extension from the response's type (spec §5). */
export function extensionForType(contentType: string): string {
  const subtype = contentType.split(';')[0]?.trim().toLowerCase().split('/')[1] ?? '';
  const known: Record<string, string> = {
    jpeg: 'jpg',
    pjpeg: 'jpg',
    'svg+xml': 'svg',
    'x-icon': 'ico',
  };
  return known[subtype] ?? (subtype.replace(/[^a-z0-9]/g, '') || 'img');
}
