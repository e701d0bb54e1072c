import type { ForegroundEstimate } from './foreground.js';
import { axisMap, type AxisMap, type Plane } from './planes.js';
import type { GuidedCoefficients } from './refine.js';

// The only JavaScript pass over full-resolution pixels: it evaluates the refined alpha from
// the upsampled guided-filter coefficients and corrects foreground colours on edge pixels.
// Coefficient grids are interpolated a row at a time (vertical lerp once per grid row,
// horizontal lerp per pixel), so the inner loop is a handful of multiply-adds and no calls.
// white_bg is left to libvips (flatten), which does it in native, multi-threaded code;
// transparent_bg is the photo joined with the model's alpha (hidden-pixels.ts).

export interface ComposeInput {
  rgb: Buffer;
  width: number;
  height: number;
  coefficients: GuidedCoefficients;
  coefficientWidth: number;
  coefficientHeight: number;
  foreground: ForegroundEstimate;
  foregroundWidth: number;
  foregroundHeight: number;
  /**
   * The model's own alpha at full resolution, one byte per pixel. Wherever the model found
   * foreground (≥ 128) the refined alpha never drops below it: the guided filter works on a
   * grid of at most 512 px, where a leaf, a spoke or a wire is thinner than a cell, and would
   * otherwise average such structures away (docs/decisions/0066).
   */
  modelAlpha?: Uint8Array;
}

export interface Composed {
  /** Refined RGBA (foreground colours + refined alpha), when colour was requested. */
  rgba?: Buffer;
  /** Refined alpha, one byte per pixel, when a mask was requested. */
  alpha?: Buffer;
  /** Bounding box of refined alpha ≥ 8/255, or undefined when nothing is foreground. */
  subject?: { left: number; top: number; width: number; height: number };
}

function lerpRows(
  planes: readonly Plane[],
  rows: Float32Array[],
  gridWidth: number,
  ys: AxisMap,
  y: number,
): void {
  const r0 = ys.i0[y]! * gridWidth;
  const r1 = ys.i1[y]! * gridWidth;
  const fy = ys.f[y]!;
  for (let p = 0; p < planes.length; p++) {
    const src = planes[p]!;
    const dst = rows[p]!;
    for (let x = 0; x < gridWidth; x++) {
      const a = src[r0 + x]!;
      dst[x] = a + (src[r1 + x]! - a) * fy;
    }
  }
}

type Rows6 = [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];

/** The foreground estimate's six planes, a row buffer for each, and the maps to full size. */
function foregroundRows(
  input: Pick<
    ComposeInput,
    'width' | 'height' | 'foreground' | 'foregroundWidth' | 'foregroundHeight'
  >,
): { fw: number; fPlanes: Plane[]; fRows: Rows6; fx: AxisMap; fy: AxisMap } {
  const fw = input.foregroundWidth;
  const fPlanes = [...input.foreground.fg, ...input.foreground.bg];
  const fRows = fPlanes.map(() => new Float32Array(fw)) as Rows6;
  return {
    fw,
    fPlanes,
    fRows,
    fx: axisMap(input.width, fw),
    fy: axisMap(input.height, input.foregroundHeight),
  };
}

export function compose(input: ComposeInput, want: { colour: boolean; alpha: boolean }): Composed {
  const { rgb, width, height } = input;
  const n = width * height;
  // Whole-pixel writes through a Uint32 view (little-endian: R in the low byte) for the
  // common fully opaque and fully transparent pixels.
  const rgbaBuffer = want.colour ? new ArrayBuffer(n * 4) : undefined;
  const rgba = rgbaBuffer ? Buffer.from(rgbaBuffer) : undefined;
  const rgba32 = rgbaBuffer ? new Uint32Array(rgbaBuffer) : undefined;
  const alphaOut = want.alpha ? Buffer.allocUnsafe(n) : undefined;

  const cw = input.coefficientWidth;
  const c = input.coefficients;
  const cPlanes = [c.ar, c.ag, c.ab, c.b];
  const cRows = cPlanes.map(() => new Float32Array(cw));
  const [rowAr, rowAg, rowAb, rowB] = cRows as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const cx = axisMap(width, cw);
  const cy = axisMap(height, input.coefficientHeight);
  const cx0 = cx.i0;
  const cx1 = cx.i1;
  const cxf = cx.f;

  const { fw, fPlanes, fRows, fx, fy } = foregroundRows(input);
  const [fR, fG, fB, bR, bG, bB] = fRows;
  const fx0 = fx.i0;
  const fx1 = fx.i1;
  const fxf = fx.f;

  // Away from edges the coefficients are exactly a = 0, b = 0 or 1 (refine.ts leaves the
  // model's certain regions alone), so most pixels need no arithmetic: classify grid nodes once
  // and take a fast path wherever both horizontal neighbours of a pixel agree.
  const nodes = new Int16Array(cw * input.coefficientHeight);
  for (let i = 0; i < nodes.length; i++) {
    const flatA = c.ar[i] === 0 && c.ag[i] === 0 && c.ab[i] === 0;
    const b = c.b[i]!;
    nodes[i] = flatA && b <= 1e-6 ? 0 : flatA && b >= 1 - 1e-6 ? 255 : -1;
  }
  const rowFlat = new Int16Array(cw);

  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  const inv255 = 1 / 255;
  const floor = input.modelAlpha;

  for (let y = 0; y < height; y++) {
    lerpRows(cPlanes, cRows, cw, cy, y);
    const n0 = cy.i0[y]! * cw;
    const n1 = cy.i1[y]! * cw;
    for (let x = 0; x < cw; x++) {
      const v = nodes[n0 + x]!;
      rowFlat[x] = v === nodes[n1 + x] ? v : -1;
    }
    if (rgba) lerpRows(fPlanes, fRows, fw, fy, y);
    let rowMin = width;
    let rowMax = -1;
    let j = y * width * 3;
    let k = y * width * 4;
    let m = y * width;
    for (let x = 0; x < width; x++, j += 3, k += 4, m++) {
      const i0 = cx0[x]!;
      const i1 = cx1[x]!;
      const flat = rowFlat[i0]!;
      if (flat >= 0 && flat === rowFlat[i1] && (flat === 255 || !floor || floor[m]! < 128)) {
        if (flat === 255) {
          if (x < rowMin) rowMin = x;
          rowMax = x;
          if (rgba32)
            rgba32[m] = (rgb[j]! | (rgb[j + 1]! << 8) | (rgb[j + 2]! << 16) | 0xff000000) >>> 0;
        }
        // Invisible pixels stay 0 (the buffer starts zeroed): no stray colours, and PNG
        // compresses the runs.
        if (alphaOut) alphaOut[m] = flat;
        continue;
      }
      const r = rgb[j]! * inv255;
      const g = rgb[j + 1]! * inv255;
      const b = rgb[j + 2]! * inv255;
      const t = cxf[x]!;
      let v = rowAr[i0]!;
      let alpha = (v + (rowAr[i1]! - v) * t) * r;
      v = rowAg[i0]!;
      alpha += (v + (rowAg[i1]! - v) * t) * g;
      v = rowAb[i0]!;
      alpha += (v + (rowAb[i1]! - v) * t) * b;
      v = rowB[i0]!;
      alpha += v + (rowB[i1]! - v) * t;
      alpha = alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
      let a8 = (alpha * 255 + 0.5) | 0;
      if (floor) {
        const found = floor[m]!;
        if (found >= 128 && found > a8) {
          a8 = found;
          alpha = found * inv255;
        }
      }
      if (a8 >= 8) {
        if (x < rowMin) rowMin = x;
        rowMax = x;
      }
      if (alphaOut) alphaOut[m] = a8;
      if (!rgba) continue;
      if (a8 > 0 && a8 < 255) {
        const f0 = fx0[x]!;
        const f1 = fx1[x]!;
        const ft = fxf[x]!;
        const keep = 1 - alpha;
        let fgv = fR[f0]! + (fR[f1]! - fR[f0]!) * ft;
        let bgv = bR[f0]! + (bR[f1]! - bR[f0]!) * ft;
        let out = fgv + alpha * (r - alpha * fgv - keep * bgv);
        rgba[k] = out <= 0 ? 0 : out >= 1 ? 255 : (out * 255 + 0.5) | 0;
        fgv = fG[f0]! + (fG[f1]! - fG[f0]!) * ft;
        bgv = bG[f0]! + (bG[f1]! - bG[f0]!) * ft;
        out = fgv + alpha * (g - alpha * fgv - keep * bgv);
        rgba[k + 1] = out <= 0 ? 0 : out >= 1 ? 255 : (out * 255 + 0.5) | 0;
        fgv = fB[f0]! + (fB[f1]! - fB[f0]!) * ft;
        bgv = bB[f0]! + (bB[f1]! - bB[f0]!) * ft;
        out = fgv + alpha * (b - alpha * fgv - keep * bgv);
        rgba[k + 2] = out <= 0 ? 0 : out >= 1 ? 255 : (out * 255 + 0.5) | 0;
      } else if (a8 === 0) {
        continue;
      } else {
        rgba[k] = rgb[j]!;
        rgba[k + 1] = rgb[j + 1]!;
        rgba[k + 2] = rgb[j + 2]!;
      }
      rgba[k + 3] = a8;
    }
    if (rowMax >= 0) {
      if (rowMin < minX) minX = rowMin;
      if (rowMax > maxX) maxX = rowMax;
      if (y < minY) minY = y;
      maxY = y;
    }
  }

  const subject =
    maxX >= 0
      ? { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 }
      : undefined;
  return { rgba, alpha: alphaOut, subject };
}

/**
 * The refined RGBA for an alpha given outright (a touched-up mask): the same foreground colour
 * correction as `compose`, with the alpha taken as it is instead of evaluated from guided-filter
 * coefficients. Opaque pixels keep the photo's colours; invisible ones stay 0.
 */
export function composeWithAlpha(
  input: Pick<ComposeInput, 'rgb' | 'width' | 'height' | 'foreground'> & {
    foregroundWidth: number;
    foregroundHeight: number;
  },
  alpha: Uint8Array,
): Buffer {
  const { rgb, width, height } = input;
  const rgba = Buffer.alloc(width * height * 4);
  const { fw, fPlanes, fRows, fx, fy } = foregroundRows(input);
  const [fR, fG, fB, bR, bG, bB] = fRows;
  const inv255 = 1 / 255;
  const channel = (
    fgRow: Float32Array,
    bgRow: Float32Array,
    f0: number,
    f1: number,
    ft: number,
    a: number,
    value: number,
  ): number => {
    const fgv = fgRow[f0]! + (fgRow[f1]! - fgRow[f0]!) * ft;
    const bgv = bgRow[f0]! + (bgRow[f1]! - bgRow[f0]!) * ft;
    const out = fgv + a * (value - a * fgv - (1 - a) * bgv);
    return out <= 0 ? 0 : out >= 1 ? 255 : (out * 255 + 0.5) | 0;
  };
  for (let y = 0; y < height; y++) {
    lerpRows(fPlanes, fRows, fw, fy, y);
    for (let x = 0, m = y * width, j = m * 3, k = m * 4; x < width; x++, m++, j += 3, k += 4) {
      const a8 = alpha[m]!;
      if (a8 === 0) continue;
      if (a8 === 255) {
        rgba[k] = rgb[j]!;
        rgba[k + 1] = rgb[j + 1]!;
        rgba[k + 2] = rgb[j + 2]!;
      } else {
        const a = a8 * inv255;
        const f0 = fx.i0[x]!;
        const f1 = fx.i1[x]!;
        const ft = fx.f[x]!;
        rgba[k] = channel(fR, bR, f0, f1, ft, a, rgb[j]! * inv255);
        rgba[k + 1] = channel(fG, bG, f0, f1, ft, a, rgb[j + 1]! * inv255);
        rgba[k + 2] = channel(fB, bB, f0, f1, ft, a, rgb[j + 2]! * inv255);
      }
      rgba[k + 3] = a8;
    }
  }
  return rgba;
}
