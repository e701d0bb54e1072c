// Float32 planes (one value per pixel, row-major) and the two primitives every stage needs:
// a count-normalised box mean and a bilinear resample. Both are separable and allocation-free
// in their inner loops, which is what keeps a 12 MP image affordable in JavaScript.

export type Plane = Float32Array;

/**
 * Mean over the (2r+1)² window clipped to the image, using running sums: O(1) per pixel
 * whatever r is. `dst` may alias `src`.
 */
export function boxMean(
  src: Plane,
  width: number,
  height: number,
  radius: number,
  dst: Plane,
): Plane {
  const r = Math.max(0, Math.floor(radius));
  const tmp = new Float32Array(width * height);
  // 1 / (number of columns in the clipped window) for each x: a multiply in the inner loop
  // instead of a division (the guided filter runs 17 of these per image).
  const invCount = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    invCount[x] = 1 / (Math.min(x + r, width - 1) - Math.max(x - r, 0) + 1);
  }
  const first = Math.min(r, width - 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= first; x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum * invCount[x]!;
      const hi = x + r + 1;
      if (hi < width) sum += src[row + hi]!;
      const lo = x - r;
      if (lo >= 0) sum -= src[row + lo]!;
    }
  }
  const colSum = new Float64Array(width);
  const firstRow = Math.min(r, height - 1);
  for (let y = 0; y <= firstRow; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) colSum[x]! += tmp[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const lo = y - r;
    const hi = y + r;
    const inv = 1 / ((hi < height ? hi : height - 1) - (lo > 0 ? lo : 0) + 1);
    const row = y * width;
    for (let x = 0; x < width; x++) dst[row + x] = colSum[x]! * inv;
    const add = hi + 1 < height ? (hi + 1) * width : -1;
    const sub = lo >= 0 ? lo * width : -1;
    // One pass over the column sums per row: add the row entering the window, drop the one
    // leaving it.
    if (add >= 0 && sub >= 0) {
      for (let x = 0; x < width; x++) colSum[x]! += tmp[add + x]! - tmp[sub + x]!;
    } else if (add >= 0) {
      for (let x = 0; x < width; x++) colSum[x]! += tmp[add + x]!;
    } else if (sub >= 0) {
      for (let x = 0; x < width; x++) colSum[x]! -= tmp[sub + x]!;
    }
  }
  return dst;
}

/** Source index and weight for each destination column or row, centre-aligned. */
export interface AxisMap {
  i0: Int32Array;
  i1: Int32Array;
  f: Float32Array;
}

export function axisMap(dstSize: number, srcSize: number): AxisMap {
  const i0 = new Int32Array(dstSize);
  const i1 = new Int32Array(dstSize);
  const f = new Float32Array(dstSize);
  const scale = srcSize / dstSize;
  for (let d = 0; d < dstSize; d++) {
    let s = (d + 0.5) * scale - 0.5;
    if (s < 0) s = 0;
    if (s > srcSize - 1) s = srcSize - 1;
    const lo = Math.floor(s);
    i0[d] = lo;
    i1[d] = lo + 1 < srcSize ? lo + 1 : lo;
    f[d] = s - lo;
  }
  return { i0, i1, f };
}

/**
 * Bilinear resample of a plane; shrinking by 3× or more averages first. With a Uint8Array as
 * `out` and `scale` 255, a 0–1 plane comes out as rounded bytes with no full-size float plane
 * in between (interpolation never leaves the range of its inputs, so nothing needs clamping).
 */
export function resizePlane(src: Plane, sw: number, sh: number, dw: number, dh: number): Plane;
export function resizePlane(
  src: Plane,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
  out: Uint8Array,
  scale: number,
): Uint8Array;
export function resizePlane(
  src: Plane,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
  out: Float32Array | Uint8Array = new Float32Array(dw * dh),
  scale = 1,
): Float32Array | Uint8Array {
  if (sw === dw && sh === dh && out instanceof Float32Array && scale === 1) return src;
  let source = src;
  // Point-sampling a strong reduction aliases; a box mean of the right size first avoids it.
  const factor = Math.min(sw / dw, sh / dh);
  if (factor >= 3) source = boxMean(src, sw, sh, Math.floor(factor / 2), new Float32Array(sw * sh));
  const xs = axisMap(dw, sw);
  const ys = axisMap(dh, sh);
  const rowTmp = new Float32Array(sw);
  // A typed-array store truncates: +0.5 makes it round for bytes.
  const offset = out instanceof Uint8Array ? 0.5 : 0;
  for (let y = 0; y < dh; y++) {
    const r0 = ys.i0[y]! * sw;
    const r1 = ys.i1[y]! * sw;
    const fy = ys.f[y]!;
    for (let x = 0; x < sw; x++) {
      const a = source[r0 + x]!;
      rowTmp[x] = (a + (source[r1 + x]! - a) * fy) * scale + offset;
    }
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const a = rowTmp[xs.i0[x]!]!;
      out[o + x] = a + (rowTmp[xs.i1[x]!]! - a) * xs.f[x]!;
    }
  }
  return out;
}
