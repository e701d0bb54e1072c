import sharp from 'sharp';
import { makeScene } from './synthetic.js';

// The edge measurement of issue 37 (items 4 and 5): a subject with a soft alpha composited onto a
// strongly coloured background, so the truth is known everywhere: I = αF + (1 − α)G. A result
// (colours C, alpha â) is scored in the edge band (0.05 < α < 0.95):
// - colour error: the result put on a backdrop B (white, black), âC + (1 − â)B, against the
//   subject put there directly, αF + (1 − α)B: the mean absolute difference, 0–1. It counts
//   alpha errors and colour errors alike.
// - fringe: how much of the old background's colour remains in what the result shows: writing
//   its colour as C = (1 − t)F + tG, the share ât of the old background G in the pixel (the
//   colour's step towards G, projected on G − F, times the result's alpha; kept where positive).
//   An alpha error is not a fringe: only the colour counts, so the figure is the same on any
//   backdrop. Pixels whose subject colour is within 32 levels of G carry no direction and are
//   left out.

export type Rgb = readonly [number, number, number];

export const GREEN: Rgb = [0, 255, 0];
export const BACKDROPS: Record<string, Rgb> = { white: [255, 255, 255], black: [0, 0, 0] };

export interface EdgeCase {
  width: number;
  height: number;
  /** The subject's own colours, 3 bytes a pixel (meaningful where alpha > 0). */
  foreground: Buffer;
  /** The true alpha, one byte a pixel: the subject's shape feathered. */
  alpha: Buffer;
  /** The background the subject was put on, 3 bytes a pixel. */
  background: Buffer;
  /** The photo the engine gets: the subject composited on the background with its alpha. */
  composite: Buffer;
}

/**
 * A drawn subject (textured, shaded) with its shape feathered by about `feather` pixels, on a
 * flat background colour. The alpha lies inside the drawn subject, where its colours are known.
 */
export async function edgeCase(options: {
  width: number;
  height: number;
  seed: number;
  feather: number;
  background: Rgb;
}): Promise<EdgeCase> {
  const { width, height, feather, background } = options;
  const scene = await makeScene({ width, height, seed: options.seed, shape: 'ellipse' });
  // The shape blurred, then its inner half stretched to 0–1: 0 on the drawn edge, 1 about
  // `feather` pixels inside it.
  const blurred = await sharp(scene.mask, { raw: { width, height, channels: 1 } })
    .blur(feather / 2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < alpha.length; i++) {
    alpha[i] = Math.max(0, Math.min(255, Math.round((blurred[i]! - 127.5) * 2)));
  }
  const n = width * height;
  const composite = Buffer.alloc(n * 3);
  const plate = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    plate.set(background, i * 3);
    const a = alpha[i]! / 255;
    for (let c = 0; c < 3; c++) {
      composite[i * 3 + c] = Math.round(a * scene.rgb[i * 3 + c]! + (1 - a) * background[c]!);
    }
  }
  return { width, height, foreground: scene.rgb, alpha, background: plate, composite };
}

export interface EdgeScores {
  /** Mean absolute colour error in the edge band on each backdrop, 0–1. */
  colourError: Record<string, number>;
  /** Mean share of the old background's colour in the edge band, 0–1. */
  fringe: number;
  /** Edge-band pixels measured. */
  band: number;
}

/** Scores a result's RGBA (4 bytes a pixel, straight alpha) against the case. */
export function edgeScores(
  edge: EdgeCase,
  rgba: Uint8Array,
  backdrops: Record<string, Rgb> = BACKDROPS,
): EdgeScores {
  const names = Object.keys(backdrops);
  const error = names.map(() => 0);
  let band = 0;
  let fringe = 0;
  let directed = 0;
  for (let i = 0; i < edge.width * edge.height; i++) {
    const a = edge.alpha[i]! / 255;
    if (a <= 0.05 || a >= 0.95) continue;
    band++;
    const got = rgba[i * 4 + 3]! / 255;
    let step = 0;
    let span = 0;
    for (let c = 0; c < 3; c++) {
      const colour = rgba[i * 4 + c]!;
      const f = edge.foreground[i * 3 + c]!;
      const g = edge.background[i * 3 + c]!;
      step += (colour - f) * (g - f);
      span += (g - f) * (g - f);
      names.forEach((name, k) => {
        const b = backdrops[name]![c]!;
        error[k]! += Math.abs(got * colour + (1 - got) * b - (a * f + (1 - a) * b)) / 255;
      });
    }
    if (span < 32 * 32) continue;
    directed++;
    if (step > 0) fringe += (got * step) / span;
  }
  return {
    colourError: Object.fromEntries(
      names.map((name, k) => [name, band ? error[k]! / (band * 3) : 0]),
    ),
    fringe: directed ? fringe / directed : 0,
    band,
  };
}
