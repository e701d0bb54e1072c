import sharp, { type Sharp } from 'sharp';
import { CorruptImageError, ImageTooLargeError, UnsupportedImageError } from '../errors.js';
import { DEFAULT_LIMIT_INPUT_PIXELS } from '../pipeline/decode.js';
import type { EncodedImage, ImageFormat, Region } from '../pipeline/encode.js';
import {
  cropFrame,
  intersectRegion,
  placeSubject,
  roiRegion,
  shadowBox,
  shadowGeometry,
  subjectBox,
  unionRegion,
  type ShadowGeometry,
} from './geometry.js';
import {
  checkCompositeOptions,
  resolveShadow,
  type Background,
  type CompositeOptions,
} from './options.js';

// The one composition path (decision 0190): a cut-out (colours + alpha, as the engine stores
// its results) goes onto a background — transparent, a colour with alpha, the original photo
// blurred, or an image, cover or contain — with an optional soft drop shadow, after the region
// of interest, scale, position and crop are applied. The public API's answers and the editor's
// exports are both made here, so they are the same pixels. Every pixel operation is libvips'
// (sharp, on libuv's threads); JavaScript only finds the subject's box and clears outside the
// region of interest.

export interface CompositeInput {
  /** The cut-out: an encoded image with alpha (the stored refined or transparent_bg PNG). */
  cutout: Uint8Array;
  /** The original photo, for the blurred background. */
  original?: Uint8Array;
}

export interface Composed {
  /**
   * The composed pixels as a fresh sharp pipeline each call (not yet run: encoding runs it, so
   * the full-size result is never held as raw pixels twice). `channels` bands: 1 (the alpha
   * alone), 3 (opaque RGB) or 4 (RGBA).
   */
  image: () => Sharp;
  channels: 1 | 3 | 4;
  width: number;
  height: number;
  /** The subject's box in the composed image (remove.bg's foreground_*). */
  foreground: Region;
  /** True when every pixel is opaque (the background fills the frame). */
  opaque: boolean;
}

type Raw = { data: Buffer; width: number; height: number; channels: number };

const rawOf = (image: Raw) => ({
  raw: { width: image.width, height: image.height, channels: image.channels as 1 | 3 | 4 },
});

async function toRaw(image: Sharp): Promise<Raw> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function imageError(what: string, error: unknown): Error {
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
async function decodeRgba(bytes: Uint8Array, what: string, limit: number): Promise<Raw> {
  try {
    return await toRaw(sharp(bytes, { limitInputPixels: limit }).rotate().ensureAlpha());
  } catch (error) {
    throw imageError(what, error);
  }
}

/** The cut-out at most `maxMegapixels` (medium and hd sizes), aspect kept. */
async function cappedCutout(
  input: Uint8Array,
  options: CompositeOptions,
): Promise<{ image: Raw; uncapped: { width: number; height: number } }> {
  let image = await decodeRgba(input, 'cut-out', Number.MAX_SAFE_INTEGER);
  const uncapped = { width: image.width, height: image.height };
  const cap = options.maxMegapixels;
  if (cap !== undefined && image.width * image.height > cap * 1e6) {
    const s = Math.sqrt((cap * 1e6) / (image.width * image.height));
    const width = Math.max(1, Math.floor(image.width * s));
    const height = Math.max(1, Math.floor(image.height * s));
    image = await toRaw(sharp(image.data, rawOf(image)).resize(width, height, { fit: 'fill' }));
  }
  return { image, uncapped };
}

/** Clears (to transparent black) every pixel of an RGBA image outside `keep`. */
function clearOutside(image: Raw, keep: Region): void {
  const { data, width, height } = image;
  const right = keep.left + keep.width;
  const bottom = keep.top + keep.height;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    if (y < keep.top || y >= bottom || keep.width <= 0) {
      data.fill(0, row, row + width * 4);
      continue;
    }
    data.fill(0, row, row + keep.left * 4);
    data.fill(0, row + right * 4, row + width * 4);
  }
}

function transparentFrame(width: number, height: number): Sharp {
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
}

/**
 * Blurs the photo's background without the subject's colours bleeding into it: a blur weighted
 * by how much each pixel is background (normalised convolution, as portrait modes do), falling
 * back to the plain blur where a large subject leaves no background near enough.
 */
async function backgroundBlur(rgb: Raw, alpha: Raw, sigma: number): Promise<Buffer> {
  const n = rgb.width * rgb.height;
  const weighted = Buffer.alloc(n * 3);
  const weight = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    const background = (255 - alpha.data[i]!) / 255;
    // Squared, so half-subject edge pixels count little.
    const w = background * background;
    weight[i] = Math.round(w * 255);
    weighted[i * 3] = Math.round(rgb.data[i * 3]! * w);
    weighted[i * 3 + 1] = Math.round(rgb.data[i * 3 + 1]! * w);
    weighted[i * 3 + 2] = Math.round(rgb.data[i * 3 + 2]! * w);
  }
  const size = { width: rgb.width, height: rgb.height };
  const [plain, numerator, denominator] = await Promise.all([
    toRaw(sharp(rgb.data, rawOf(rgb)).blur(sigma)),
    toRaw(sharp(weighted, { raw: { ...size, channels: 3 } }).blur(sigma)),
    toRaw(
      sharp(weight, { raw: { ...size, channels: 1 } })
        .blur(sigma)
        .toColourspace('b-w'),
    ),
  ]);
  const out = Buffer.alloc(n * 3);
  const fallback = 8;
  for (let i = 0; i < n; i++) {
    const den = denominator.data[i]! + fallback;
    for (let c = 0; c < 3; c++) {
      const j = i * 3 + c;
      const v = (numerator.data[j]! * 255 + plain.data[j]! * fallback) / den;
      out[j] = v > 255 ? 255 : v;
    }
  }
  return out;
}

/** The photo's background blurred, at the canvas' scale, cut to `frame` (edges repeated beyond). */
async function blurredOriginal(
  original: Uint8Array,
  cutout: Raw,
  frame: Region,
  amount: number,
  limit: number,
): Promise<Sharp> {
  const canvas = { width: cutout.width, height: cutout.height };
  const sigma = Math.max(1, (Math.max(canvas.width, canvas.height) * amount) / 100);
  // Blurring a copy k times smaller with sigma / k and enlarging it looks the same and costs k²
  // times less; k keeps the small sigma near 4 px.
  const k = Math.max(1, sigma / 4);
  const sw = Math.max(1, Math.round(canvas.width / k));
  const sh = Math.max(1, Math.round(canvas.height / k));
  let photo: Raw;
  try {
    photo = await toRaw(
      sharp(original, { limitInputPixels: limit })
        .rotate()
        .resize(sw, sh, { fit: 'fill' })
        .removeAlpha()
        .toColourspace('srgb'),
    );
  } catch (error) {
    throw imageError('original image', error);
  }
  const alpha = await toRaw(
    sharp(cutout.data, rawOf(cutout))
      .extractChannel(3)
      .resize(sw, sh, { fit: 'fill' })
      .toColourspace('b-w'),
  );
  const small: Raw = {
    data: await backgroundBlur(photo, alpha, Math.max(0.3, sigma / k)),
    width: sw,
    height: sh,
    channels: 3,
  };
  const kx = canvas.width / sw;
  const ky = canvas.height / sh;
  const x0 = Math.floor(frame.left / kx);
  const y0 = Math.floor(frame.top / ky);
  const x1 = Math.ceil((frame.left + frame.width) / kx);
  const y1 = Math.ceil((frame.top + frame.height) / ky);
  const pad = {
    left: Math.max(0, -x0),
    top: Math.max(0, -y0),
    right: Math.max(0, x1 - sw),
    bottom: Math.max(0, y1 - sh),
  };
  let region: Raw = small;
  if (pad.left || pad.top || pad.right || pad.bottom) {
    region = await toRaw(sharp(small.data, rawOf(small)).extend({ ...pad, extendWith: 'copy' }));
  }
  region = await toRaw(
    sharp(region.data, rawOf(region)).extract({
      left: x0 + pad.left,
      top: y0 + pad.top,
      width: x1 - x0,
      height: y1 - y0,
    }),
  );
  // Enlarged when the composition is encoded: no full-size copy in between.
  // Three bands: the composition adds the alpha, and an opaque encode can drop it again
  // (sharp would apply an ensureAlpha here after any removeAlpha of the encoder).
  return sharp(region.data, rawOf(region)).resize(frame.width, frame.height, { fit: 'fill' });
}

async function backgroundLayer(
  background: Background,
  input: CompositeInput,
  cutout: Raw,
  frame: Region,
  limit: number,
): Promise<Sharp> {
  switch (background.kind) {
    case 'transparent':
      return transparentFrame(frame.width, frame.height);
    case 'color':
      return sharp({
        create: {
          width: frame.width,
          height: frame.height,
          channels: 4,
          background: background.color,
        },
      });
    case 'blur': {
      if (!input.original) {
        throw new UnsupportedImageError('The original image is needed for a blurred background.');
      }
      return blurredOriginal(input.original, cutout, frame, background.amount ?? 2, limit);
    }
    case 'image': {
      const image = () =>
        sharp(background.image, { limitInputPixels: limit })
          .rotate()
          // remove.bg: centred and resized to fill the canvas, aspect kept; contain fits inside.
          .resize(frame.width, frame.height, {
            fit: background.fit ?? 'cover',
            position: 'centre',
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          });
      try {
        // Read now (small) so a bad file fails here; the full size is made while encoding.
        await image().resize(8, 8, { fit: 'fill' }).raw().toBuffer();
      } catch (error) {
        throw imageError('background image', error);
      }
      return image();
    }
  }
}

function isOpaque(background: Background): boolean {
  if (background.kind === 'color') return background.color.alpha >= 1;
  if (background.kind === 'image') return (background.fit ?? 'cover') === 'cover';
  return background.kind === 'blur';
}

interface Overlay {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
  left: number;
  top: number;
}

/** Clips an RGBA layer placed at `at` (canvas coordinates) to the frame; undefined if outside. */
async function clipped(layer: Raw, at: Region, frame: Region): Promise<Overlay | undefined> {
  const visible = intersectRegion(at, frame);
  if (!visible) return undefined;
  let data = layer.data;
  if (visible.width !== at.width || visible.height !== at.height) {
    data = (
      await toRaw(
        sharp(layer.data, rawOf(layer)).extract({
          left: visible.left - at.left,
          top: visible.top - at.top,
          width: visible.width,
          height: visible.height,
        }),
      )
    ).data;
  }
  return {
    input: data,
    raw: { width: visible.width, height: visible.height, channels: 4 },
    left: visible.left - frame.left,
    top: visible.top - frame.top,
  };
}

/** The subject's alpha, padded, blurred (at a reduced scale) and dimmed, as black RGBA. */
async function shadowLayer(subject: Raw, geometry: ShadowGeometry, opacity: number): Promise<Raw> {
  const pad = geometry.reach;
  const width = subject.width + 2 * pad;
  const height = subject.height + 2 * pad;
  const k = Math.max(1, geometry.sigma / 3);
  const sw = Math.max(1, Math.round(width / k));
  const sh = Math.max(1, Math.round(height / k));
  // The alpha plane with `pad` empty pixels around it, copied row by row.
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < subject.height; y++) {
    const from = y * subject.width * 4;
    const to = (y + pad) * width + pad;
    for (let x = 0; x < subject.width; x++) alpha[to + x] = subject.data[from + x * 4 + 3]!;
  }
  const small = await toRaw(
    sharp(alpha, { raw: { width, height, channels: 1 } })
      .resize(sw, sh, { fit: 'fill' })
      .blur(Math.max(0.3, geometry.sigma / k))
      // One band in, one band out: libvips would otherwise hand back sRGB.
      .toColourspace('b-w'),
  );
  const soft = await toRaw(
    sharp(small.data, rawOf(small))
      .resize(width, height, { fit: 'fill' })
      .linear(opacity, 0)
      .toColourspace('b-w'),
  );
  const rgba = await toRaw(
    sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } }).joinChannel(
      soft.data,
      { raw: { width, height, channels: 1 } },
    ),
  );
  return rgba;
}

/**
 * Composes the cut-out as asked. Throws InvalidOptionsError for options out of range, and
 * CorruptImageError / UnsupportedImageError / ImageTooLargeError for an image it cannot use.
 */
export async function composite(
  input: CompositeInput,
  options: CompositeOptions = {},
): Promise<Composed> {
  checkCompositeOptions(options);
  const limit = options.limitInputPixels ?? DEFAULT_LIMIT_INPUT_PIXELS;
  const background = options.background ?? { kind: 'transparent' };
  const shadow = resolveShadow(options.shadow);
  const { image: cutout, uncapped } = await cappedCutout(input.cutout, options);
  const canvas = { width: cutout.width, height: cutout.height };
  const whole: Region = { left: 0, top: 0, ...canvas };

  if (options.roi) {
    // roi's pixels count the image as uploaded, before any size cap.
    clearOutside(cutout, roiRegion(options.roi, canvas, options.roiSpace ?? uncapped));
  }
  // No subject at all: everything below treats the whole canvas as the subject's box.
  const box = subjectBox(cutout.data, cutout.width, cutout.height, 4, 3) ?? whole;
  const placed = placeSubject(box, canvas, options.scale, options.position);
  const moved =
    placed.left !== box.left ||
    placed.top !== box.top ||
    placed.width !== box.width ||
    placed.height !== box.height;

  // The subject layer: the cut-out itself when nothing moves, else its box resized and placed.
  let subject: Raw;
  let subjectAt: Region;
  if (moved) {
    let image = sharp(cutout.data, rawOf(cutout)).extract(box);
    if (placed.width !== box.width || placed.height !== box.height) {
      image = image.resize(placed.width, placed.height, { fit: 'fill', kernel: 'lanczos3' });
    }
    subject = await toRaw(image);
    subjectAt = placed;
  } else {
    subject = cutout;
    subjectAt = whole;
  }

  const geometry = shadow ? shadowGeometry(placed) : undefined;
  const content = geometry ? unionRegion(placed, shadowBox(placed, geometry)) : placed;
  const frame = options.crop ? cropFrame(content, placed, options.cropMargin) : whole;
  const foreground = {
    left: placed.left - frame.left,
    top: placed.top - frame.top,
    width: placed.width,
    height: placed.height,
  };

  // Nothing moves, nothing is drawn under the subject but a flat colour, and the frame is
  // within the image: the cut-out itself, cropped and flattened, is the answer — no compositing.
  const inside = intersectRegion(frame, whole);
  const simple =
    !moved &&
    !shadow &&
    inside?.width === frame.width &&
    inside.height === frame.height &&
    (background.kind === 'transparent' ||
      (background.kind === 'color' && background.color.alpha >= 1));
  const size = { width: frame.width, height: frame.height, foreground };
  if (simple) {
    const cropped = () => {
      const image = sharp(cutout.data, rawOf(cutout));
      return frame.width === canvas.width && frame.height === canvas.height
        ? image
        : image.extract(frame);
    };
    if (options.channels === 'alpha') {
      return { ...size, image: () => cropped().extractChannel(3), channels: 1, opaque: true };
    }
    if (background.kind === 'color') {
      const { r, g, b } = background.color;
      return {
        ...size,
        image: () => cropped().flatten({ background: { r, g, b } }),
        channels: 3,
        opaque: true,
      };
    }
    return { ...size, image: cropped, channels: 4, opaque: false };
  }

  const subjectOverlay = await clipped(subject, subjectAt, frame);
  if (options.channels === 'alpha') {
    const base = transparentFrame(frame.width, frame.height);
    const placedRgba = await toRaw(subjectOverlay ? base.composite([subjectOverlay]) : base);
    return {
      ...size,
      image: () => sharp(placedRgba.data, rawOf(placedRgba)).extractChannel(3),
      channels: 1,
      opaque: true,
    };
  }

  const overlays: Overlay[] = [];
  if (shadow && geometry) {
    const shadowSource = moved
      ? subject
      : await toRaw(sharp(cutout.data, rawOf(cutout)).extract(box));
    const layer = await shadowLayer(shadowSource, geometry, shadow.opacity);
    const at = {
      left: placed.left + geometry.dx - geometry.reach,
      top: placed.top + geometry.dy - geometry.reach,
      width: layer.width,
      height: layer.height,
    };
    const overlay = await clipped(layer, at, frame);
    if (overlay) overlays.push(overlay);
  }
  if (subjectOverlay) overlays.push(subjectOverlay);

  const base = await backgroundLayer(background, input, cutout, frame, limit);
  return {
    ...size,
    // libvips composites while encoding: no full-size raw copy of the result.
    image: () =>
      overlays.length > 0 ? base.clone().composite(overlays) : base.clone().ensureAlpha(),
    channels: 4,
    opaque: isOpaque(background),
  };
}

/** Encodes a composition: JPEG has no alpha (flattened on white), PNG and WebP keep it. */
export async function encodeComposed(
  composed: Composed,
  format: ImageFormat,
  quality = 90,
): Promise<EncodedImage> {
  let image = composed.image();
  if (composed.channels === 4 && format === 'jpeg') {
    image = image.flatten({ background: '#ffffff' });
  } else if (composed.channels === 4 && composed.opaque) {
    image = image.removeAlpha();
  }
  switch (format) {
    case 'jpeg':
      image = image.jpeg({ quality, chromaSubsampling: '4:4:4' });
      break;
    case 'webp':
      image = image.webp({ quality, alphaQuality: 100, effort: 2 });
      break;
    default:
      image = image.png({ compressionLevel: 6 });
  }
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  return { data, format, width: info.width, height: info.height };
}

/** The composed pixels, raw: `channels` bytes per pixel. */
export async function composedPixels(composed: Composed): Promise<Buffer> {
  return composed.image().raw().toBuffer();
}
