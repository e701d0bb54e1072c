import { boxMean, type Plane } from './planes.js';

// Edge-aware alpha refinement: He et al.'s guided filter with a colour guide ("Guided Image
// Filtering", 2013), run at the working resolution and applied at full resolution through its
// linear coefficients (the "fast guided filter", He & Sun 2015). The model's mask is only
// trusted away from edges; inside an uncertain band the alpha follows the image's own colour
// edges, which is what recovers hair and soft borders lost at the model's 1024² input.

export interface GuidedCoefficients {
  /** Per-pixel alpha = ar·R + ag·G + ab·B + b, with R, G, B in 0–1. */
  ar: Plane;
  ag: Plane;
  ab: Plane;
  b: Plane;
}

const CERTAIN = 1 / 255;
const BAND = 0.02;

export interface RefineParams {
  radius: number;
  eps: number;
}

export function refineParamsFor(width: number, height: number): RefineParams {
  const longSide = Math.max(width, height);
  return { radius: Math.max(2, Math.round((longSide / 512) * 4)), eps: 1e-3 };
}

export function guidedFilterCoefficients(
  red: Plane,
  green: Plane,
  blue: Plane,
  alpha: Plane,
  width: number,
  height: number,
  { radius, eps }: RefineParams,
): GuidedCoefficients {
  const n = width * height;
  const box = (src: Plane): Plane => boxMean(src, width, height, radius, new Float32Array(n));
  const product = (x: Plane, y: Plane): Plane => {
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = x[i]! * y[i]!;
    return boxMean(out, width, height, radius, out);
  };

  const mr = box(red);
  const mg = box(green);
  const mb = box(blue);
  const mp = box(alpha);
  const rr = product(red, red);
  const rg = product(red, green);
  const rb = product(red, blue);
  const gg = product(green, green);
  const gb = product(green, blue);
  const bb = product(blue, blue);
  const rp = product(red, alpha);
  const gp = product(green, alpha);
  const bp = product(blue, alpha);

  const ar = new Float32Array(n);
  const ag = new Float32Array(n);
  const ab = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = mr[i]!;
    const g = mg[i]!;
    const bl = mb[i]!;
    const p = mp[i]!;
    // How far this window is from being all foreground or all background: the guided result
    // is only blended in where the model itself is unsure, so solid regions keep its mask.
    const certainty = p < 1 - p ? p : 1 - p;
    // Below one grey level the window is taken as certain and snapped to exactly 0 or 1, which
    // also lets compose.ts skip the arithmetic for such pixels.
    if (certainty < CERTAIN) {
      b[i] = p < 0.5 ? 0 : 1;
      continue;
    }
    const weight = certainty >= BAND ? 1 : (certainty - CERTAIN) / (BAND - CERTAIN);
    const s00 = rr[i]! - r * r + eps;
    const s01 = rg[i]! - r * g;
    const s02 = rb[i]! - r * bl;
    const s11 = gg[i]! - g * g + eps;
    const s12 = gb[i]! - g * bl;
    const s22 = bb[i]! - bl * bl + eps;
    const c0 = rp[i]! - r * p;
    const c1 = gp[i]! - g * p;
    const c2 = bp[i]! - bl * p;
    const i00 = s11 * s22 - s12 * s12;
    const i01 = s02 * s12 - s01 * s22;
    const i02 = s01 * s12 - s02 * s11;
    const i11 = s00 * s22 - s02 * s02;
    const i12 = s01 * s02 - s00 * s12;
    const i22 = s00 * s11 - s01 * s01;
    const det = s00 * i00 + s01 * i01 + s02 * i02;
    const inv = weight / det;
    const a0 = (i00 * c0 + i01 * c1 + i02 * c2) * inv;
    const a1 = (i01 * c0 + i11 * c1 + i12 * c2) * inv;
    const a2 = (i02 * c0 + i12 * c1 + i22 * c2) * inv;
    ar[i] = a0;
    ag[i] = a1;
    ab[i] = a2;
    b[i] = p - a0 * r - a1 * g - a2 * bl;
  }
  return { ar: box(ar), ag: box(ag), ab: box(ab), b: box(b) };
}

/** Applies the coefficients on the grid they were computed on. */
export function applyCoefficients(
  c: GuidedCoefficients,
  red: Plane,
  green: Plane,
  blue: Plane,
): Plane {
  const n = red.length;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const v = c.ar[i]! * red[i]! + c.ag[i]! * green[i]! + c.ab[i]! * blue[i]! + c.b[i]!;
    out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
  }
  return out;
}
