import { InvalidOptionsError } from '../errors.js';
import type { Length, Position } from './geometry.js';

// What a composition may ask for: the background behind the cut-out subject, a drop shadow,
// the subject's scale and place, a region of interest, a crop with margins, a size cap and the
// channels. Checked here once, with messages a person can act on.

/** A colour with its opacity: r, g, b 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

export type BackgroundFit = 'cover' | 'contain';

export type Background =
  | { kind: 'transparent' }
  | { kind: 'color'; color: Rgba }
  /** The original photo, blurred; `amount` is the blur's sigma in % of its longer side (default 2). */
  | { kind: 'blur'; amount?: number }
  /** An image (any format sharp reads), centred: `cover` fills the frame, `contain` fits inside it. */
  | { kind: 'image'; image: Uint8Array; fit?: BackgroundFit };

export interface Shadow {
  /** 0–1, default 0.5. */
  opacity?: number;
}

export interface CompositeOptions {
  background?: Background;
  /** A soft drop shadow under the subject. */
  shadow?: Shadow | boolean;
  /** 0.1–1 (remove.bg's 10%–100%), or 'original' (default). */
  scale?: number | 'original';
  /** Default: 'center' when a scale is given, otherwise 'original'. */
  position?: Position;
  /** remove.bg's `roi`: x1, y1, x2, y2; everything outside is background. */
  roi?: readonly [Length, Length, Length, Length];
  /** The size `roi`'s pixels refer to (the uploaded image); default: the cut-out before maxMegapixels. */
  roiSpace?: { width: number; height: number };
  /** Crop to the subject (and its shadow) plus `cropMargin`. */
  crop?: boolean;
  /** Top, right, bottom, left (see geometry.expandMargins); only with `crop`. */
  cropMargin?: readonly [Length, Length, Length, Length];
  /** Scale the cut-out down first so the canvas has at most this many megapixels. */
  maxMegapixels?: number;
  /** `alpha`: the subject's alpha alone, one channel. */
  channels?: 'rgba' | 'alpha';
  /** Refuse background images with more pixels than this (default 50 MP). */
  limitInputPixels?: number;
}

export interface ResolvedShadow {
  opacity: number;
}

const fraction = (v: number) => Number.isFinite(v) && v >= 0 && v <= 1;

function checkLength(name: string, length: Length): void {
  const value = 'px' in length ? length.px : length.percent;
  if (!Number.isFinite(value) || value < 0) {
    throw new InvalidOptionsError(`${name} must be made of non-negative pixels or percentages.`);
  }
}

export function resolveShadow(shadow: CompositeOptions['shadow']): ResolvedShadow | undefined {
  if (shadow === undefined || shadow === false) return undefined;
  const opacity = shadow === true ? 0.5 : (shadow.opacity ?? 0.5);
  if (!fraction(opacity)) throw new InvalidOptionsError('shadow opacity must be from 0 to 1.');
  return { opacity };
}

/** Throws InvalidOptionsError for the first option out of range. */
export function checkCompositeOptions(options: CompositeOptions): void {
  const { background, scale, position, roi, cropMargin, maxMegapixels, roiSpace } = options;
  if (background?.kind === 'color') {
    const { r, g, b, alpha } = background.color;
    if (![r, g, b].every((v) => Number.isInteger(v) && v >= 0 && v <= 255) || !fraction(alpha)) {
      throw new InvalidOptionsError(
        'A background colour needs r, g, b from 0 to 255 and alpha from 0 to 1.',
      );
    }
  }
  if (background?.kind === 'blur' && background.amount !== undefined) {
    if (!(background.amount > 0 && background.amount <= 20)) {
      throw new InvalidOptionsError(
        'The blur amount must be above 0 and at most 20 (% of the longer side).',
      );
    }
  }
  if (background?.kind === 'image' && background.image.byteLength === 0) {
    throw new InvalidOptionsError('The background image is empty.');
  }
  if (scale !== undefined && scale !== 'original' && !(scale >= 0.1 && scale <= 1)) {
    throw new InvalidOptionsError('scale must be from 10% to 100%, or original.');
  }
  if (typeof position === 'object' && !(fraction(position.x) && fraction(position.y))) {
    throw new InvalidOptionsError('position must be from 0% to 100% on each axis.');
  }
  roi?.forEach((length) => checkLength('roi', length));
  cropMargin?.forEach((length) => checkLength('crop margin', length));
  if (maxMegapixels !== undefined && !(maxMegapixels > 0)) {
    throw new InvalidOptionsError('maxMegapixels must be a positive number.');
  }
  if (roiSpace && !(roiSpace.width > 0 && roiSpace.height > 0)) {
    throw new InvalidOptionsError('roiSpace needs a positive width and height.');
  }
  resolveShadow(options.shadow);
}
