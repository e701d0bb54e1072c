import sharp from 'sharp';
import {
  guidedFilterCoefficients,
  applyCoefficients,
  refineParamsFor,
} from '../src/pipeline/refine.js';
import { estimateForeground, foregroundGrid } from '../src/pipeline/foreground.js';
import { compose } from '../src/pipeline/compose.js';
import { resizeAlpha } from '../src/pipeline/encode.js';
const w = 1024,
  h = 768,
  n = w * h;
const r = new Float32Array(n).map(() => Math.random()),
  g = r.slice(),
  b = r.slice(),
  p = new Float32Array(n);
for (let i = 0; i < n; i++) p[i] = i % w < w / 2 ? 1 : 0;
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  const c = guidedFilterCoefficients(r, g, b, p, w, h, refineParamsFor(w, h));
  console.log('gf', (performance.now() - t).toFixed(0));
  t = performance.now();
  const a = applyCoefficients(c, r, g, b);
  const fg = foregroundGrid([r, g, b], a, w, h);
  const fe = estimateForeground(fg.image, fg.alpha, fg.width, fg.height);
  console.log('fe', (performance.now() - t).toFixed(0));
  const W = 4000,
    H = 3000;
  const rgb = Buffer.alloc(W * H * 3, 100);
  t = performance.now();
  const out = compose(
    {
      rgb,
      width: W,
      height: H,
      coefficients: c,
      coefficientWidth: w,
      coefficientHeight: h,
      foreground: fe,
      foregroundWidth: fg.width,
      foregroundHeight: fg.height,
    },
    { colour: true, alpha: false },
  );
  console.log('compose 12MP', (performance.now() - t).toFixed(0));
  for (const level of [0, 1, 2, 3, 6]) {
    t = performance.now();
    const buf = await sharp(out.rgba!, { raw: { width: W, height: H, channels: 4 } })
      .png({ compressionLevel: level, adaptiveFiltering: false })
      .toBuffer();
    console.log(
      'png',
      level,
      (performance.now() - t).toFixed(0),
      (buf.length / 1e6).toFixed(1),
      'MB',
    );
  }
  t = performance.now();
  await sharp(out.rgba!, { raw: { width: W, height: H, channels: 4 } })
    .webp({ quality: 90, effort: 2 })
    .toBuffer();
  console.log('webp', (performance.now() - t).toFixed(0));
  t = performance.now();
  await resizeAlpha(new Float32Array(1024 * 1024).fill(0.5), 1024, W, H);
  console.log('alpha resize', (performance.now() - t).toFixed(0));
}
