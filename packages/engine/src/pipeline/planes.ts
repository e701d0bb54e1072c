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
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    const first = Math.min(r, width - 1);
    for (let x = 0; x <= first; x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      const lo = x - r;
      const hi = x + r;
      const count = (hi < width ? hi : width - 1) - (lo > 0 ? lo : 0) + 1;
      tmp[row + x] = sum / count;
      if (hi + 1 < width) sum += src[row + hi + 1]!;
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
    if (hi + 1 < height) {
      const add = (hi + 1) * width;
      for (let x = 0; x < width; x++) colSum[x]! += tmp[add + x]!;
    }
    if (lo >= 0) {
      const sub = lo * width;
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

/** Bilinear resample of a plane; shrinking by 3× or more averages first. */
export function resizePlane(src: Plane, sw: number, sh: number, dw: number, dh: number): Plane {
  if (sw === dw && sh === dh) return src;
  let source = src;
  // Point-sampling a strong reduction aliases; a box mean of the right size first avoids it.
  const factor = Math.min(sw / dw, sh / dh);
  if (factor >= 3) source = boxMean(src, sw, sh, Math.floor(factor / 2), new Float32Array(sw * sh));
  const xs = axisMap(dw, sw);
  const ys = axisMap(dh, sh);
  const out = new Float32Array(dw * dh);
  const rowTmp = new Float32Array(sw);
  for (let y = 0; y < dh; y++) {
    const r0 = ys.i0[y]! * sw;
    const r1 = ys.i1[y]! * sw;
    const fy = ys.f[y]!;
    for (let x = 0; x < sw; x++) {
      const a = source[r0 + x]!;
      rowTmp[x] = a + (source[r1 + x]! - a) * fy;
    }
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const a = rowTmp[xs.i0[x]!]!;
      out[o + x] = a + (rowTmp[xs.i1[x]!]! - a) * xs.f[x]!;
    }
  }
  return out;
}
