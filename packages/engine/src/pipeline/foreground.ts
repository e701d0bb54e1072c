import { boxMean, resizePlane, type Plane } from './planes.js';

// Foreground colour estimation by blur fusion (Forte & Pitié, "Approximate Fast Foreground
// Colour Estimation", ICIP 2021), two passes (large then small radius). Without it a
// semi-transparent hair pixel keeps the old background's colour, which shows as a fringe on the
// new background. The blurred estimates are smooth, so they are computed at the working
// resolution and interpolated; only the final per-pixel correction runs at full resolution:
//   F = Fblur + α·(I − α·Fblur − (1 − α)·Bblur)

export interface ForegroundEstimate {
  /** Blurred foreground and background colours (0–1), three planes each. */
  fg: [Plane, Plane, Plane];
  bg: [Plane, Plane, Plane];
}

export function blurFusionRadii(width: number, height: number): [number, number] {
  const longSide = Math.max(width, height);
  // The paper's 90 and 6 px are for ~2 MP images; scale with the working grid.
  return [Math.max(3, Math.round(longSide * 0.045)), Math.max(1, Math.round(longSide * 0.004))];
}

function pass(
  fg: readonly Plane[],
  bg: readonly Plane[],
  alpha: Plane,
  width: number,
  height: number,
  radius: number,
): { blurredFg: Plane[]; blurredBg: Plane[] } {
  const n = alpha.length;
  const blurredAlpha = boxMean(alpha, width, height, radius, new Float32Array(n));
  const blurredFg: Plane[] = [];
  const blurredBg: Plane[] = [];
  for (let c = 0; c < 3; c++) {
    const f = fg[c]!;
    const b = bg[c]!;
    const fa = new Float32Array(n);
    const ba = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const a = alpha[i]!;
      fa[i] = f[i]! * a;
      ba[i] = b[i]! * (1 - a);
    }
    boxMean(fa, width, height, radius, fa);
    boxMean(ba, width, height, radius, ba);
    for (let i = 0; i < n; i++) {
      const ab = blurredAlpha[i]!;
      fa[i] = fa[i]! / (ab + 1e-5);
      ba[i] = ba[i]! / (1 - ab + 1e-5);
    }
    blurredFg.push(fa);
    blurredBg.push(ba);
  }
  return { blurredFg, blurredBg };
}

export function estimateForeground(
  image: [Plane, Plane, Plane],
  alpha: Plane,
  width: number,
  height: number,
): ForegroundEstimate {
  const [r1, r2] = blurFusionRadii(width, height);
  const first = pass(image, image, alpha, width, height, r1);
  const n = alpha.length;
  const f1: Plane[] = [];
  for (let c = 0; c < 3; c++) {
    const out = new Float32Array(n);
    const im = image[c]!;
    const bf = first.blurredFg[c]!;
    const bb = first.blurredBg[c]!;
    for (let i = 0; i < n; i++) {
      const a = alpha[i]!;
      const v = bf[i]! + a * (im[i]! - a * bf[i]! - (1 - a) * bb[i]!);
      out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
    }
    f1.push(out);
  }
  const second = pass(f1, first.blurredBg, alpha, width, height, r2);
  return {
    fg: second.blurredFg as [Plane, Plane, Plane],
    bg: second.blurredBg as [Plane, Plane, Plane],
  };
}

/** The longest side of the grid foreground colours are estimated on: they are heavily blurred. */
export const FOREGROUND_LONG_SIDE = 256;

export function foregroundGrid(
  image: [Plane, Plane, Plane],
  alpha: Plane,
  width: number,
  height: number,
): { image: [Plane, Plane, Plane]; alpha: Plane; width: number; height: number } {
  const scale = Math.min(1, FOREGROUND_LONG_SIDE / Math.max(width, height));
  if (scale === 1) return { image, alpha, width, height };
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  return {
    image: image.map((p) => resizePlane(p, width, height, w, h)) as [Plane, Plane, Plane],
    alpha: resizePlane(alpha, width, height, w, h),
    width: w,
    height: h,
  };
}
