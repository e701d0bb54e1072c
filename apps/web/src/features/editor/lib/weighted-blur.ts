// The preview of the photo's own background, blurred the engine's way (packages/engine
// src/composite/background.ts, decision 0190): a blur weighted by how much each pixel is
// background, so the subject's colours do not bleed around it, falling back to the plain blur
// where no background is near. A canvas blurs in premultiplied colour, so blurring the photo
// with each pixel's weight as its alpha and reading it back (unpremultiplied) gives the
// weighted average Σ(w·c) / Σw, with Σw as its alpha: the two sums the engine divides.

/** How much the plain blur counts where the weighted one has little background (the engine's 8). */
const FALLBACK = 8;

/**
 * The photo (RGBA) with each pixel's background weight as its alpha: (1 − subject alpha)²,
 * squared as the engine does, so half-subject edge pixels count little.
 */
export function withBackgroundWeights(
  photo: Uint8ClampedArray,
  cutout: Uint8ClampedArray,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(photo.length);
  for (let i = 0; i < photo.length; i += 4) {
    const background = (255 - cutout[i + 3]!) / 255;
    out[i] = photo[i]!;
    out[i + 1] = photo[i + 1]!;
    out[i + 2] = photo[i + 2]!;
    out[i + 3] = Math.round(background * background * 255);
  }
  return out;
}

/**
 * The blurred background, opaque: the weighted blur (read back unpremultiplied, its alpha the
 * summed weight) mixed with the plain blur by the engine's rule, (Σ(w·c) + 8·plain) / (Σw + 8).
 */
export function joinBlurs(
  weighted: Uint8ClampedArray,
  plain: Uint8ClampedArray,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(weighted.length);
  for (let i = 0; i < weighted.length; i += 4) {
    const weight = weighted[i + 3]!;
    for (let c = 0; c < 3; c++) {
      out[i + c] = (weighted[i + c]! * weight + plain[i + c]! * FALLBACK) / (weight + FALLBACK);
    }
    out[i + 3] = 255;
  }
  return out;
}

/** The blur's sigma in pixels for a picture `width`×`height`: 2% of its longer side. */
export function blurSigma(width: number, height: number): number {
  return Math.max(width, height) * 0.02;
}
