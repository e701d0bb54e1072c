import type { Region } from '../pipeline/encode.js';

// Where things go when a cut-out is composed: the subject's box, the region of interest, the
// subject's place after `scale` and `position`, the shadow's reach and the output frame after
// `crop` and `crop_margin`. Pure arithmetic on rectangles (remove.bg's semantics, decision
// 0190), so each rule is tested on its own in geometry.test.ts.

/** A length as remove.bg writes it: absolute pixels (`30px`) or a percentage (`10%`). */
export type Length = { px: number } | { percent: number };

/** `center`, `original`, or the subject's place as fractions (0–1) of the free room on each axis. */
export type Position = 'original' | 'center' | { x: number; y: number };

export interface Size {
  width: number;
  height: number;
}

/** Alpha above this counts as subject (remove.bg's foreground_* and crop). */
export const SUBJECT_ALPHA_THRESHOLD = 10;

export function lengthPx(length: Length, reference: number): number {
  return 'px' in length ? length.px : (length.percent / 100) * reference;
}

/**
 * The box of pixels whose alpha is above the threshold, or undefined when there are none.
 * `stride` and `offset` read the alpha byte of interleaved pixels (4 and 3 for RGBA).
 */
export function subjectBox(
  pixels: Uint8Array,
  width: number,
  height: number,
  stride = 1,
  offset = 0,
): Region | undefined {
  const t = SUBJECT_ALPHA_THRESHOLD;
  const rowBytes = width * stride;
  // Index arithmetic inline (no per-pixel calls): this scans up to 12 MP on the API process.
  const rowHas = (y: number): boolean => {
    const end = y * rowBytes + rowBytes;
    for (let i = y * rowBytes + offset; i < end; i += stride) if (pixels[i]! > t) return true;
    return false;
  };
  let top = 0;
  while (top < height && !rowHas(top)) top++;
  if (top === height) return undefined;
  let bottom = height - 1;
  while (bottom > top && !rowHas(bottom)) bottom--;
  let left = width;
  let right = -1;
  for (let y = top; y <= bottom; y++) {
    const row = y * rowBytes + offset;
    for (let x = 0, i = row; x < left; x++, i += stride)
      if (pixels[i]! > t) {
        left = x;
        break;
      }
    for (let x = width - 1, i = row + x * stride; x > right; x--, i -= stride)
      if (pixels[i]! > t) {
        right = x;
        break;
      }
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * remove.bg's `roi` ("x1 y1 x2 y2"): a rectangle in the image's pixels (or percentages of its
 * width and height), measured in `space` (the size the caller's pixels refer to) and mapped onto
 * `canvas`. Corners may come in either order; the result is clipped to the canvas and is never
 * empty-sided (at least one pixel).
 */
export function roiRegion(
  roi: readonly [Length, Length, Length, Length],
  canvas: Size,
  space: Size = canvas,
): Region {
  const sx = canvas.width / space.width;
  const sy = canvas.height / space.height;
  const x1 = lengthPx(roi[0], space.width) * sx;
  const y1 = lengthPx(roi[1], space.height) * sy;
  const x2 = lengthPx(roi[2], space.width) * sx;
  const y2 = lengthPx(roi[3], space.height) * sy;
  const clampX = (v: number) => Math.min(canvas.width, Math.max(0, Math.round(v)));
  const clampY = (v: number) => Math.min(canvas.height, Math.max(0, Math.round(v)));
  const left = clampX(Math.min(x1, x2));
  const top = clampY(Math.min(y1, y2));
  const right = clampX(Math.max(x1, x2));
  const bottom = clampY(Math.max(y1, y2));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Where the subject goes on the canvas. `scale` (remove.bg: 10%–100% of the image, or
 * 'original') resizes the subject so that its box fits that share of the canvas on its tighter
 * axis; `position` places it. A percentage p puts the box at p of the free room on that axis, as
 * CSS's background-position does: 0% touches the left (top) edge, 50% centres, 100% touches the
 * right (bottom) edge. 'original' keeps the box where it was (its own fraction of the free room,
 * so an unscaled subject does not move). remove.bg's default: 'center' once a scale is given,
 * else 'original'.
 */
export function placeSubject(
  box: Region,
  canvas: Size,
  scale: number | 'original' = 'original',
  position: Position | undefined = undefined,
): Region {
  const place = position ?? (scale === 'original' ? 'original' : 'center');
  let width = box.width;
  let height = box.height;
  if (scale !== 'original') {
    const factor = scale * Math.min(canvas.width / box.width, canvas.height / box.height);
    width = Math.min(canvas.width, Math.max(1, Math.round(box.width * factor)));
    height = Math.min(canvas.height, Math.max(1, Math.round(box.height * factor)));
  }
  const roomX = canvas.width - width;
  const roomY = canvas.height - height;
  let fx: number;
  let fy: number;
  if (place === 'original') {
    const freeX = canvas.width - box.width;
    const freeY = canvas.height - box.height;
    fx = freeX > 0 ? box.left / freeX : 0.5;
    fy = freeY > 0 ? box.top / freeY : 0.5;
  } else if (place === 'center') {
    fx = 0.5;
    fy = 0.5;
  } else {
    fx = place.x;
    fy = place.y;
  }
  return {
    left: Math.round(Math.min(1, Math.max(0, fx)) * roomX),
    top: Math.round(Math.min(1, Math.max(0, fy)) * roomY),
    width,
    height,
  };
}

export interface ShadowGeometry {
  /** Offset of the shadow from the subject, in pixels (down and a little to the right). */
  dx: number;
  dy: number;
  /** Gaussian sigma of the shadow's softness, in pixels. */
  sigma: number;
  /** How far the visible shadow reaches beyond its offset outline (about 2.5 sigma). */
  reach: number;
}

/** A soft drop shadow sized by the subject: its longer side sets offset and softness. */
export function shadowGeometry(subject: Size): ShadowGeometry {
  const side = Math.max(subject.width, subject.height);
  const sigma = Math.max(1, side * 0.02);
  return {
    dx: Math.round(side * 0.012),
    dy: Math.round(side * 0.03),
    sigma,
    reach: Math.ceil(sigma * 2.5),
  };
}

/** The box the shadow is visible in, for a subject placed at `placed`. */
export function shadowBox(placed: Region, shadow: ShadowGeometry): Region {
  return {
    left: placed.left + shadow.dx - shadow.reach,
    top: placed.top + shadow.dy - shadow.reach,
    width: placed.width + 2 * shadow.reach,
    height: placed.height + 2 * shadow.reach,
  };
}

export function unionRegion(a: Region, b: Region): Region {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  const right = Math.max(a.left + a.width, b.left + b.width);
  const bottom = Math.max(a.top + a.height, b.top + b.height);
  return { left, top, width: right - left, height: bottom - top };
}

export function intersectRegion(a: Region, b: Region): Region | undefined {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  if (right <= left || bottom <= top) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * remove.bg's `crop_margin` as CSS writes margins: one value for every side, two for
 * top/bottom and left/right, four for top, right, bottom, left. Returns [top, right, bottom, left].
 */
export function expandMargins(
  values: readonly Length[],
): readonly [Length, Length, Length, Length] {
  const [a, b, c, d] = values;
  if (values.length === 1 && a) return [a, a, a, a];
  if (values.length === 2 && a && b) return [a, b, a, b];
  if (values.length === 4 && a && b && c && d) return [a, b, c, d];
  throw new RangeError('A margin takes 1, 2 or 4 values.');
}

/**
 * The output frame with `crop`: `content` (the subject, and its shadow when there is one) plus
 * the margins, percentages taken of the subject's height (top, bottom) and width (left, right).
 * The frame may reach beyond the canvas: the margin is added whatever the subject touches, and
 * the background fills it.
 */
export function cropFrame(
  content: Region,
  subject: Size,
  margins: readonly [Length, Length, Length, Length] | undefined,
): Region {
  const [t, r, b, l] = margins ?? [{ px: 0 }, { px: 0 }, { px: 0 }, { px: 0 }];
  const top = Math.round(lengthPx(t, subject.height));
  const right = Math.round(lengthPx(r, subject.width));
  const bottom = Math.round(lengthPx(b, subject.height));
  const left = Math.round(lengthPx(l, subject.width));
  return {
    left: content.left - left,
    top: content.top - top,
    width: content.width + left + right,
    height: content.height + top + bottom,
  };
}
