import sharp from 'sharp';

// Photo-like scenes whose subjects are mostly thin structures — the cases where a refinement
// stage is most tempted to erase what the model found: a potted plant with narrow leaves and
// stems, a bicycle wheel with spokes, a street lamp with overhead wires, and a head with
// flyaway hair. Drawn here so that nothing binary is committed.

export type ThinSceneName = 'plant' | 'wheel' | 'wires' | 'hair';

export const thinSceneNames: readonly ThinSceneName[] = ['plant', 'wheel', 'wires', 'hair'];

/** A small deterministic generator, so each scene is the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number): string => n.toFixed(1);

function background(w: number, h: number, seed: number, colours: [string, string]): string {
  return `<defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>
      </linearGradient>
      <filter id="blotches" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="${(5 / Math.min(w, h)).toFixed(5)}" numOctaves="3" seed="${seed}"/>
        <feColorMatrix type="matrix" values="0.5 0 0 0 0.25  0 0.5 0 0 0.25  0 0 0.5 0 0.25  0 0 0 0 0.45"/>
      </filter>
      <filter id="grain" x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="${seed + 5}"/>
        <feColorMatrix type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0.4 0.4 0 0 -0.25"/>
      </filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <rect width="100%" height="100%" filter="url(#blotches)"/>`;
}

function plant(w: number, h: number, rng: () => number): string {
  const baseX = w * 0.5;
  const baseY = h * 0.62;
  const parts: string[] = [];
  for (let i = 0; i < 22; i++) {
    const angle = -Math.PI / 2 + (rng() - 0.5) * 2.2;
    const length = h * (0.22 + rng() * 0.3);
    const tipX = baseX + Math.cos(angle) * length;
    const tipY = baseY + Math.sin(angle) * length;
    const bend = (rng() - 0.5) * w * 0.08;
    parts.push(
      `<path d="M${f(baseX)},${f(baseY)} Q${f((baseX + tipX) / 2 + bend)},${f((baseY + tipY) / 2)} ${f(tipX)},${f(tipY)}" stroke="#2f5a1e" stroke-width="${f(1.5 + rng() * 1.5)}" fill="none"/>`,
    );
    // Narrow leaves along each stem, a few pixels wide.
    for (let k = 1; k <= 3; k++) {
      const t = k / 4;
      const x = baseX + (tipX - baseX) * t + bend * 2 * t * (1 - t);
      const y = baseY + (tipY - baseY) * t;
      const leafAngle = (angle * 180) / Math.PI + (k % 2 ? 40 : -40);
      parts.push(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w * (0.025 + rng() * 0.02))}" ry="${f(2 + rng() * 2.5)}" transform="rotate(${f(leafAngle)} ${f(x)} ${f(y)})" fill="${rng() < 0.5 ? '#4f8f2e' : '#3c7a25'}"/>`,
      );
    }
  }
  const pot = `<path d="M${f(w * 0.38)},${f(h * 0.6)} L${f(w * 0.62)},${f(h * 0.6)} L${f(w * 0.58)},${f(h * 0.9)} L${f(w * 0.42)},${f(h * 0.9)} Z" fill="#b5532f"/>
    <rect x="${f(w * 0.36)}" y="${f(h * 0.58)}" width="${f(w * 0.28)}" height="${f(h * 0.04)}" fill="#9c4527"/>`;
  return `${parts.join('')}${pot}`;
}

function wheel(w: number, h: number): string {
  const cx = w * 0.5;
  const cy = h * 0.52;
  const r = Math.min(w, h) * 0.38;
  const spokes = Array.from({ length: 32 }, (_, i) => {
    const a = (i / 32) * Math.PI * 2;
    return `<line x1="${f(cx)}" y1="${f(cy)}" x2="${f(cx + Math.cos(a) * r)}" y2="${f(cy + Math.sin(a) * r)}" stroke="#c8ccd0" stroke-width="1.6"/>`;
  }).join('');
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="#1b1b1b" stroke-width="${f(r * 0.08)}"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.9)}" fill="none" stroke="#6d7277" stroke-width="${f(r * 0.03)}"/>
    ${spokes}
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.07)}" fill="#8a9096"/>`;
}

function wires(w: number, h: number): string {
  const poleX = w * 0.5;
  const top = h * 0.12;
  const cables = [0.16, 0.2, 0.24].flatMap((y) => [
    `<path d="M0,${f(h * (y + 0.1))} Q${f(poleX * 0.5)},${f(h * (y + 0.16))} ${f(poleX)},${f(h * y)}" stroke="#151515" stroke-width="2" fill="none"/>`,
    `<path d="M${f(poleX)},${f(h * y)} Q${f(poleX + (w - poleX) * 0.5)},${f(h * (y + 0.16))} ${f(w)},${f(h * (y + 0.08))}" stroke="#151515" stroke-width="2" fill="none"/>`,
  ]);
  return `<rect x="${f(poleX - w * 0.012)}" y="${f(top)}" width="${f(w * 0.024)}" height="${f(h * 0.86)}" fill="#3d3f42"/>
    <rect x="${f(poleX - w * 0.1)}" y="${f(h * 0.15)}" width="${f(w * 0.2)}" height="${f(h * 0.02)}" fill="#2e3033"/>
    <path d="M${f(poleX)},${f(top)} q${f(w * 0.12)},${f(-h * 0.04)} ${f(w * 0.16)},${f(h * 0.04)}" stroke="#3d3f42" stroke-width="${f(w * 0.012)}" fill="none"/>
    <ellipse cx="${f(poleX + w * 0.16)}" cy="${f(top + h * 0.05)}" rx="${f(w * 0.04)}" ry="${f(h * 0.02)}" fill="#f2e6b3"/>
    ${cables.join('')}`;
}

function hair(w: number, h: number, rng: () => number): string {
  const cx = w * 0.5;
  const cy = h * 0.5;
  const strands = Array.from({ length: 90 }, () => {
    const a = Math.PI + rng() * Math.PI;
    const r0 = h * 0.22;
    const x0 = cx + Math.cos(a) * r0 * 0.9;
    const y0 = cy - h * 0.05 + Math.sin(a) * r0;
    const len = h * (0.05 + rng() * 0.12);
    const x1 = x0 + Math.cos(a) * len + (rng() - 0.5) * len;
    const y1 = y0 + Math.sin(a) * len;
    return `<path d="M${f(x0)},${f(y0)} Q${f((x0 + x1) / 2 + (rng() - 0.5) * 20)},${f((y0 + y1) / 2)} ${f(x1)},${f(y1)}" stroke="#3a2417" stroke-width="${f(1 + rng())}" fill="none" opacity="0.85"/>`;
  });
  return `<ellipse cx="${f(cx)}" cy="${f(cy - h * 0.05)}" rx="${f(h * 0.21)}" ry="${f(h * 0.24)}" fill="#4d3020"/>
    <ellipse cx="${f(cx)}" cy="${f(cy + h * 0.02)}" rx="${f(h * 0.15)}" ry="${f(h * 0.19)}" fill="#e3b48f"/>
    <path d="M${f(cx - h * 0.3)},${f(h)} Q${f(cx)},${f(h * 0.62)} ${f(cx + h * 0.3)},${f(h)} Z" fill="#3b5f8a"/>
    ${strands.join('')}`;
}

/** The scene as an encoded image (PNG: no JPEG ringing around one-pixel lines). */
export async function makeThinScene(
  name: ThinSceneName,
  width = 900,
  height = 700,
): Promise<Buffer> {
  const rng = random(name.length * 7919 + 17);
  const colours: Record<ThinSceneName, [string, string]> = {
    plant: ['#d9d2c3', '#8f9aa3'],
    wheel: ['#6c8d6a', '#d8c9a6'],
    wires: ['#9ec3e6', '#eef3f8'],
    hair: ['#c9d6c2', '#7e8f9e'],
  };
  const subject =
    name === 'plant'
      ? plant(width, height, rng)
      : name === 'wheel'
        ? wheel(width, height)
        : name === 'wires'
          ? wires(width, height)
          : hair(width, height, rng);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    ${background(width, height, name.length, colours[name])}
    ${subject}
    <rect width="100%" height="100%" filter="url(#grain)" opacity="0.3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
}
