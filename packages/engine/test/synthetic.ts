import sharp from 'sharp';

// Photo-like scenes the tests and the benchmark draw for themselves, so nothing binary is
// committed: a shaded, textured subject of known shape in front of a defocused, noisy
// background. The mask of the known shape is what masks are scored against.

export type Shape = 'ellipse' | 'rounded-rect';

export interface SceneOptions {
  width: number;
  height: number;
  shape?: Shape;
  seed?: number;
  /** Thin dark strokes leaving the subject's top, like stray hair. */
  hair?: boolean;
  /** Text and small shapes in the background, for the "real-world-like" folder. */
  clutter?: boolean;
  palette?: number;
}

export interface Scene {
  /** Raw RGB of the scene. */
  rgb: Buffer;
  /** 0/255 per pixel: the subject's known shape. */
  mask: Buffer;
  width: number;
  height: number;
}

const PALETTES = [
  { bg: ['#3d6b8c', '#a8c6a0'], subject: ['#ffd9b0', '#c0603a', '#6b2a16'] },
  { bg: ['#5a5f3a', '#d6cfb8'], subject: ['#e8f0ff', '#3050c8', '#101850'] },
  { bg: ['#7a3b52', '#f0c9a8'], subject: ['#f4ffe0', '#4aa040', '#143a10'] },
  { bg: ['#2f3e46', '#cad2c5'], subject: ['#fff2b0', '#e0a020', '#6a3a00'] },
];

function shapeSvg(
  o: Required<Pick<SceneOptions, 'width' | 'height' | 'shape'>>,
  fill: string,
): string {
  const { width: w, height: h } = o;
  if (o.shape === 'ellipse') {
    return `<ellipse cx="${w * 0.5}" cy="${h * 0.55}" rx="${w * 0.26}" ry="${h * 0.33}" fill="${fill}"/>`;
  }
  const rw = w * 0.46;
  const rh = h * 0.56;
  return `<rect x="${(w - rw) / 2}" y="${h * 0.26}" width="${rw}" height="${rh}" rx="${Math.min(rw, rh) * 0.18}" fill="${fill}"/>`;
}

export async function makeScene(options: SceneOptions): Promise<Scene> {
  const { width: w, height: h } = options;
  const shape = options.shape ?? 'ellipse';
  const seed = options.seed ?? 1;
  const pal = PALETTES[(options.palette ?? seed) % PALETTES.length]!;
  const s = Math.min(w, h);
  const hair = options.hair
    ? Array.from({ length: 60 }, (_, i) => {
        const x0 = w * (0.32 + (0.36 * i) / 60);
        const y0 = h * 0.3 + Math.abs(Math.sin(i * 1.7)) * h * 0.04;
        const dx = Math.sin(i * 2.3 + seed) * s * 0.08;
        const dy = -s * (0.05 + 0.06 * Math.abs(Math.cos(i * 1.3)));
        return `<path d="M${x0},${y0} q${dx / 2},${dy * 0.7} ${dx},${dy}" stroke="${pal.subject[2]}" stroke-width="${Math.max(1, s / 500)}" fill="none" opacity="0.9"/>`;
      }).join('')
    : '';
  const clutter = options.clutter
    ? `<g opacity="0.55" filter="url(#defocus)">
         <text x="${w * 0.05}" y="${h * 0.15}" font-family="sans-serif" font-size="${s * 0.09}" fill="#ffffff">SALE 50%</text>
         <circle cx="${w * 0.85}" cy="${h * 0.2}" r="${s * 0.08}" fill="${pal.bg[1]}"/>
         <rect x="${w * 0.05}" y="${h * 0.7}" width="${w * 0.12}" height="${h * 0.25}" fill="${pal.bg[0]}"/>
         <path d="M0,${h * 0.85} L${w},${h * 0.78}" stroke="#202020" stroke-width="${s * 0.01}"/>
       </g>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${pal.bg[0]}"/><stop offset="1" stop-color="${pal.bg[1]}"/>
      </linearGradient>
      <filter id="blotches" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="${(4 / s).toFixed(5)}" numOctaves="3" seed="${seed}"/>
        <feColorMatrix type="matrix" values="0.6 0 0 0 0.2  0 0.6 0 0 0.2  0 0 0.6 0 0.2  0 0 0 0 0.55"/>
      </filter>
      <filter id="grain" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="${seed + 7}"/>
        <feColorMatrix type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0.5 0.5 0 0 -0.3"/>
      </filter>
      <filter id="defocus"><feGaussianBlur stdDeviation="${(s / 300).toFixed(2)}"/></filter>
      <radialGradient id="subject" cx="0.4" cy="0.35" r="0.75">
        <stop offset="0" stop-color="${pal.subject[0]}"/>
        <stop offset="0.55" stop-color="${pal.subject[1]}"/>
        <stop offset="1" stop-color="${pal.subject[2]}"/>
      </radialGradient>
      <filter id="texture" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="turbulence" baseFrequency="${(40 / s).toFixed(5)}" numOctaves="2" seed="${seed + 3}"/>
        <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.35 0"/>
        <feComposite in2="SourceGraphic" operator="in"/>
      </filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <rect width="100%" height="100%" filter="url(#blotches)"/>
    ${clutter}
    <ellipse cx="${w * 0.52}" cy="${h * 0.93}" rx="${w * 0.3}" ry="${h * 0.04}" fill="#000" opacity="0.25" filter="url(#defocus)"/>
    ${shapeSvg({ width: w, height: h, shape }, 'url(#subject)')}
    <g filter="url(#texture)">${shapeSvg({ width: w, height: h, shape }, '#000')}</g>
    ${hair}
    <rect width="100%" height="100%" filter="url(#grain)" opacity="0.35"/>
  </svg>`;
  const maskSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#000"/>${shapeSvg({ width: w, height: h, shape }, '#fff')}</svg>`;
  const [rgb, mask] = await Promise.all([
    sharp(Buffer.from(svg), { limitInputPixels: false }).removeAlpha().raw().toBuffer(),
    sharp(Buffer.from(maskSvg), { limitInputPixels: false })
      .extractChannel(0)
      .threshold(128)
      .raw()
      .toBuffer(),
  ]);
  return { rgb, mask, width: w, height: h };
}

export function encodeScene(scene: Scene, format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const img = sharp(scene.rgb, { raw: { width: scene.width, height: scene.height, channels: 3 } });
  return (format === 'png' ? img.png() : img.jpeg({ quality: 92 })).toBuffer();
}

/** Intersection over union of two masks thresholded at 50%. */
export function iou(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`mask sizes differ: ${a.length} vs ${b.length}`);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! >= 128;
    const y = b[i]! >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}
