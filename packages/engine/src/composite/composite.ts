import sharp, { type Sharp } from 'sharp';
import { DEFAULT_LIMIT_INPUT_PIXELS } from '../pipeline/decode.js';
import {
  WEBP_CUTOUT,
  type EncodedImage,
  type ImageFormat,
  type Region,
} from '../pipeline/encode.js';
import { clearHidden } from '../pipeline/hidden-pixels.js';
import { backgroundLayer, isOpaque } from './background.js';
import {
  cropFrame,
  intersectRegion,
  placeSubject,
  roiRegion,
  shadowBox,
  shadowGeometry,
  subjectBox,
  unionRegion,
} from './geometry.js';
import { checkCompositeOptions, resolveShadow, type CompositeOptions } from './options.js';
import { clipped, shadowLayer, type Overlay } from './overlays.js';
import { decodeRgba, rawOf, toRaw, transparentFrame, type Raw } from './raw-image.js';

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

/** The cut-out at most `maxMegapixels` (medium and hd sizes), aspect kept. */
async function cappedCutout(
  input: Uint8Array,
  options: CompositeOptions,
): Promise<{ image: Raw; uncapped: { width: number; height: number } }> {
  let image = await decodeRgba(input, 'cut-out', Number.MAX_SAFE_INTEGER);
  // The engine stores cut-outs with nothing under alpha 0; one stored before that rule (or made
  // elsewhere) gets it here, so no composition shows what was removed (decision 0267). libvips'
  // resize and composite keep it: they work premultiplied and write 0 where alpha is 0.
  clearHidden(image.data);
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

  const base = await backgroundLayer(background, input.original, cutout, frame, limit);
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
      image = image.webp(WEBP_CUTOUT(quality));
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
