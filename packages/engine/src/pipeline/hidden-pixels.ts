// Nothing of the removed background in any result (issue 37, decision 0267): wherever a result's
// alpha is 0 its colour is 0 too, (0, 0, 0, 0). The photo's colours under alpha 0 are exactly
// what a customer asked to have removed; setting the alpha back to 255 must not bring them back.
// Where alpha is above 0 the colours stay as decision 0012 makes them. Every cut-out the engine
// makes or reads goes through one of these two functions before it is encoded.

/**
 * The photo's colours (3 bytes a pixel) joined with an alpha (1 byte a pixel) as RGBA, with every
 * fully transparent pixel left (0, 0, 0, 0).
 */
export function joinAlpha(rgb: Uint8Array, alpha: Uint8Array): Buffer {
  const n = alpha.length;
  if (rgb.length !== n * 3) throw new RangeError('joinAlpha: colours and alpha differ in size');
  // Whole pixels through a Uint32 view (little-endian: R in the low byte); the buffer starts
  // zeroed, so invisible pixels cost one read.
  const buffer = new ArrayBuffer(n * 4);
  const out = new Uint32Array(buffer);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const a = alpha[i]!;
    if (a === 0) continue;
    out[i] = (rgb[j]! | (rgb[j + 1]! << 8) | (rgb[j + 2]! << 16) | (a << 24)) >>> 0;
  }
  return Buffer.from(buffer);
}

/** Sets the colour of every fully transparent pixel of raw RGBA to 0, in place. */
export function clearHidden(rgba: Uint8Array): void {
  for (let k = 3; k < rgba.length; k += 4) {
    if (rgba[k] === 0) {
      rgba[k - 3] = 0;
      rgba[k - 2] = 0;
      rgba[k - 1] = 0;
    }
  }
}
