import sharp, { type Sharp } from 'sharp';
import { UnsupportedImageError } from '../errors.js';
import type { Region } from '../pipeline/encode.js';
import type { Background } from './options.js';
import { imageError, rawOf, toRaw, transparentFrame, type Raw } from './raw-image.js';

// What goes under the subject: a transparent frame, a colour, the photo's background blurred
// without the subject bleeding into it, or an image, cover or contain (decision 0190).

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

/** The background layer at the frame's size; `original` is the photo, for the blurred one. */
export async function backgroundLayer(
  background: Background,
  original: Uint8Array | undefined,
  cutout: Raw,
  frame: Region,
  limit: number,
): Promise<Sharp> {
  switch (background.kind) {
    case 'transparent':
      return transparentFrame(frame.width, frame.height);
    case 'color':
      // An invisible colour is no colour: its (r, g, b) must not show under alpha 0.
      if (background.color.alpha === 0) return transparentFrame(frame.width, frame.height);
      return sharp({
        create: {
          width: frame.width,
          height: frame.height,
          channels: 4,
          background: background.color,
        },
      });
    case 'blur': {
      if (!original) {
        throw new UnsupportedImageError('The original image is needed for a blurred background.');
      }
      return blurredOriginal(original, cutout, frame, background.amount ?? 2, limit);
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

/** True when the background fills every pixel of the frame. */
export function isOpaque(background: Background): boolean {
  if (background.kind === 'color') return background.color.alpha >= 1;
  if (background.kind === 'image') return (background.fit ?? 'cover') === 'cover';
  return background.kind === 'blur';
}
