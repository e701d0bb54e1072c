import sharp from 'sharp';

// The editor's four sample images (spec §2), drawn by code so the repository holds no binary
// files and the pictures are ours. Each scene is SVG rendered by sharp in two layers: the
// background (defocused, mottled) and the subject (sharp). Grain over the composite makes them
// read as photographs rather than flat vector art. The subject layer's alpha is the silhouette
// the tests score the model's cutout against, so picture and mask come from one geometry.

/** Bump when a drawing changes: the cache directory is `samples/v{N}`. */
export const SAMPLES_VERSION = 2;

export const sampleIds = ['studio-portrait', 'product-photo', 'landscape', 'fashion'] as const;
export type SampleId = (typeof sampleIds)[number];

export const sampleNames: Record<SampleId, string> = {
  'studio-portrait': 'Studio Portrait',
  'product-photo': 'Product Photo',
  landscape: 'Landscape',
  fashion: 'Fashion',
};

export const JPEG_QUALITY = 88;
export const THUMBNAIL_WIDTH = 320;

export interface RenderedSample {
  id: SampleId;
  width: number;
  height: number;
  /** The photograph, JPEG. */
  jpeg: Buffer;
  /** About 320 px wide, WebP. */
  thumbnail: Buffer;
  /** One byte per pixel, 0 or 255: the subject's silhouette. */
  mask: Buffer;
}

interface Drawing {
  width: number;
  height: number;
  defs: string;
  background: string;
  /** Gaussian sigma of the background's defocus, in pixels. */
  defocus: number;
  /** Low-frequency blotches over the background (cells across, strength 0–1). */
  mottle: { cells: number; strength: number };
  subject: string;
  /** Standard deviation of the grain, in 8-bit levels. */
  grain: number;
}

/** mulberry32: small, fast and seeded, so every render draws the same picture. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => n.toFixed(1);

function between(rng: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

// ---------------------------------------------------------------------------------------------
// Studio Portrait: head and shoulders against a painted backdrop with a vignette.

function studioPortrait(): Drawing {
  const rng = seededRandom(11);
  const width = 1200;
  const height = 900;
  const hairColours = ['#3a2417', '#4d3020', '#2a1a10', '#6a4530', '#7d5639'];

  // Flyaway strands along the outline of the hair: they leave the crown and run down its
  // curve, drifting a few pixels outwards, as loose hair does under a rim light.
  const strands: string[] = [];
  for (let i = 0; i < 110; i++) {
    const t = between(rng, -1.35, 1.35); // angle from the crown
    const [ox, oy, rx, ry] = [606, 430, 136, 200];
    const x0 = ox + Math.sin(t) * rx * between(rng, 0.96, 1.0);
    const y0 = oy - Math.cos(t) * ry * between(rng, 0.96, 1.0);
    const dir = t < 0 ? -1 : 1;
    const len = between(rng, 30, 90);
    const tx = Math.cos(t) * dir;
    const ty = Math.abs(Math.sin(t)) + 0.15;
    const out = between(rng, 2, 14);
    const nx = Math.sin(t);
    const ny = -Math.cos(t);
    strands.push(
      `<path d="M${f(x0)},${f(y0)} q${f(tx * len * 0.5 + nx * out)},${f(ty * len * 0.5 + ny * out)} ${f(tx * len + nx * out * 0.6)},${f(ty * len + ny * out * 0.6)}" stroke="${pick(rng, hairColours)}" stroke-width="${f(between(rng, 0.8, 1.6))}" fill="none" opacity="${f(between(rng, 0.45, 0.85))}"/>`,
    );
  }
  // Locks inside the hair mass, from the parting down both sides (clipped to the hair).
  const locks: string[] = [];
  for (let i = 0; i < 220; i++) {
    const side = rng() < 0.45 ? 1 : -1;
    const x0 = 632 + between(rng, -8, 8);
    const spread = between(rng, 0.1, 1.1);
    const x3 = side > 0 ? 632 + spread * 160 : 632 - spread * 200;
    const y3 = between(rng, 330, 700);
    locks.push(
      `<path d="M${f(x0)},228 C${f(x0 + side * spread * 150)},${f(between(rng, 230, 260))} ${f(x3 + side * 20)},${f(between(rng, 300, 420))} ${f(x3)},${f(y3)}" stroke="${pick(rng, hairColours)}" stroke-width="${f(between(rng, 1.2, 4))}" fill="none" opacity="${f(between(rng, 0.25, 0.6))}"/>`,
    );
  }
  // Knit texture of the sweater.
  const knit: string[] = [];
  for (let y = 632; y < 900; y += 9) {
    for (let x = 220 + ((y / 9) % 2) * 6; x < 990; x += 12) {
      knit.push(`M${x},${y} l4,6 l4,-6`);
    }
  }

  const sweater =
    'M220,900 C228,800 262,738 330,712 C410,684 500,676 548,628 L652,628 C700,676 790,684 870,712 C938,738 972,800 980,900 Z';
  const face =
    'M600,255 C684,255 724,322 721,402 C718,482 680,548 600,566 C520,548 482,482 479,402 C476,322 516,255 600,255 Z';
  const backHair =
    'M458,330 C452,250 530,232 606,232 C690,232 756,250 750,330 C770,400 756,470 770,550 C780,600 800,636 786,668 C742,694 670,680 600,664 C530,680 470,694 424,672 C404,640 426,600 436,550 C452,470 436,400 458,330 Z';
  const frontHair =
    'M468,444 C450,300 520,222 612,226 C708,232 758,310 740,444 C732,384 716,332 670,298 C632,318 560,312 512,346 C486,372 474,406 468,444 Z';

  const defs = `
    <radialGradient id="backdrop" cx="0.5" cy="0.45" r="0.78">
      <stop offset="0" stop-color="#8e9ba3"/><stop offset="0.5" stop-color="#66747e"/>
      <stop offset="0.85" stop-color="#36414a"/><stop offset="1" stop-color="#1b2126"/>
    </radialGradient>
    <radialGradient id="pool" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#c9d2d6" stop-opacity="0.55"/><stop offset="1" stop-color="#c9d2d6" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="skin" cx="0.38" cy="0.4" r="0.75">
      <stop offset="0" stop-color="#f0c9aa"/><stop offset="0.55" stop-color="#dba584"/>
      <stop offset="1" stop-color="#a86f52"/>
    </radialGradient>
    <linearGradient id="neck" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8e5640"/><stop offset="0.45" stop-color="#c48a6b"/>
      <stop offset="1" stop-color="#d9a283"/>
    </linearGradient>
    <linearGradient id="hair" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6b4630"/><stop offset="0.5" stop-color="#3d2618"/>
      <stop offset="1" stop-color="#1f130b"/>
    </linearGradient>
    <linearGradient id="sweater" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#4e241b"/><stop offset="0.3" stop-color="#9a4c35"/>
      <stop offset="0.55" stop-color="#8a4230"/><stop offset="1" stop-color="#36180f"/>
    </linearGradient>
    <radialGradient id="blush" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#d9706a" stop-opacity="0.3"/><stop offset="1" stop-color="#d9706a" stop-opacity="0"/>
    </radialGradient>
    <clipPath id="sweaterClip"><path d="${sweater}"/></clipPath>
    <clipPath id="faceClip"><path d="${face}"/></clipPath>
    <clipPath id="backHairClip"><path d="${backHair}"/></clipPath>
    <clipPath id="frontHairClip"><path d="${frontHair}"/></clipPath>
    <filter id="soft" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="4"/></filter>
    <filter id="softer" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="softest" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="24"/></filter>`;

  const background = `<rect width="${width}" height="${height}" fill="url(#backdrop)"/>
    <ellipse cx="470" cy="330" rx="420" ry="330" fill="url(#pool)"/>`;

  const subject = `
    <path d="${backHair}" fill="url(#hair)"/>
    <g clip-path="url(#backHairClip)">${locks.join('')}</g>
    <path d="${sweater}" fill="url(#sweater)"/>
    <g clip-path="url(#sweaterClip)">
      <path d="${knit.join(' ')}" stroke="#2a100a" stroke-width="1.4" fill="none" opacity="0.22"/>
      <path d="M400,900 C420,820 440,760 470,720 M780,900 C770,820 750,760 720,720" stroke="#2a100a" stroke-width="18" fill="none" opacity="0.25" filter="url(#softer)"/>
      <ellipse cx="600" cy="700" rx="150" ry="40" fill="#1a0905" opacity="0.35" filter="url(#softer)"/>
    </g>
    <path d="M540,520 L545,646 C572,676 628,676 655,646 L660,520 Z" fill="url(#neck)"/>
    <path d="M530,640 C560,690 640,690 670,640" stroke="#6e3326" stroke-width="16" fill="none"/>
    <path d="M530,640 C560,690 640,690 670,640" stroke="#b46148" stroke-width="4" fill="none" opacity="0.5"/>
    <ellipse cx="483" cy="425" rx="19" ry="36" fill="#c28665"/>
    <ellipse cx="717" cy="425" rx="19" ry="36" fill="#a86d50"/>
    <path d="${face}" fill="url(#skin)"/>
    <g clip-path="url(#faceClip)">
      <ellipse cx="705" cy="450" rx="55" ry="150" fill="#5a2c1c" opacity="0.4" filter="url(#softest)"/>
      <ellipse cx="600" cy="600" rx="140" ry="40" fill="#5a2c1c" opacity="0.35" filter="url(#softer)"/>
      <ellipse cx="585" cy="318" rx="70" ry="30" fill="#fbe3cf" opacity="0.45" filter="url(#softer)"/>
      <ellipse cx="553" cy="404" rx="36" ry="20" fill="#7a4432" opacity="0.3" filter="url(#soft)"/>
      <ellipse cx="647" cy="404" rx="36" ry="20" fill="#7a4432" opacity="0.35" filter="url(#soft)"/>
      <ellipse cx="596" cy="440" rx="7" ry="34" fill="#fbe3cf" opacity="0.5" filter="url(#soft)"/>
      <ellipse cx="616" cy="452" rx="9" ry="28" fill="#7a4432" opacity="0.3" filter="url(#soft)"/>
      <ellipse cx="560" cy="470" rx="40" ry="22" fill="#fbe3cf" opacity="0.3" filter="url(#softer)"/>
      <ellipse cx="600" cy="538" rx="22" ry="8" fill="#7a4432" opacity="0.35" filter="url(#soft)"/>
      <path d="${frontHair}" fill="none" stroke="#3a1a0e" stroke-width="22" opacity="0.45" filter="url(#softer)"/>
    </g>
    <ellipse cx="548" cy="472" rx="42" ry="26" fill="url(#blush)"/>
    <ellipse cx="655" cy="472" rx="42" ry="26" fill="url(#blush)"/>
    <path d="M518,372 Q548,356 580,368" stroke="#3b261a" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.8"/>
    <path d="M620,368 Q652,356 682,372" stroke="#3b261a" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.8"/>
    <path d="M527,410 Q552,392 579,408 Q553,420 527,410 Z" fill="#ece2d8"/>
    <path d="M621,408 Q648,392 673,410 Q647,420 621,408 Z" fill="#ded2c7"/>
    <circle cx="553" cy="407" r="10" fill="#5a3b26"/><circle cx="647" cy="407" r="10" fill="#5a3b26"/>
    <circle cx="553" cy="407" r="5" fill="#120a06"/><circle cx="647" cy="407" r="5" fill="#120a06"/>
    <circle cx="556" cy="403" r="2.2" fill="#fff" opacity="0.9"/><circle cx="650" cy="403" r="2.2" fill="#fff" opacity="0.9"/>
    <path d="M525,410 Q552,389 581,407" stroke="#2a1a12" stroke-width="3" fill="none"/>
    <path d="M619,407 Q648,389 675,410" stroke="#2a1a12" stroke-width="3" fill="none"/>
    <path d="M530,418 Q553,426 577,414 M623,414 Q647,426 670,418" stroke="#9a6048" stroke-width="1.5" fill="none" opacity="0.5"/>
    <ellipse cx="590" cy="479" rx="7" ry="4" fill="#5b2e20" opacity="0.55"/>
    <ellipse cx="612" cy="479" rx="7" ry="4" fill="#5b2e20" opacity="0.55"/>
    <path d="M582,472 C586,486 614,486 620,472" stroke="#8a5440" stroke-width="2" fill="none" opacity="0.4"/>
    <path d="M566,512 Q584,500 600,506 Q616,500 634,512 Q600,520 566,512 Z" fill="#9e4a55"/>
    <path d="M566,512 Q600,540 634,512 Q600,522 566,512 Z" fill="#b8646c"/>
    <ellipse cx="604" cy="523" rx="12" ry="3" fill="#f0b0a8" opacity="0.45"/>
    <path d="${frontHair}" fill="url(#hair)"/>
    <g clip-path="url(#frontHairClip)">${locks.join('')}</g>
    <g>${strands.join('')}</g>`;

  return {
    width,
    height,
    defs,
    background,
    defocus: 5,
    mottle: { cells: 10, strength: 0.3 },
    subject,
    grain: 5,
  };
}

// ---------------------------------------------------------------------------------------------
// Product Photo: a glazed mug on an oak table with a soft shadow.

function productPhoto(): Drawing {
  const rng = seededRandom(23);
  const width = 1200;
  const height = 900;

  const grainLines: string[] = [];
  for (let i = 0; i < 70; i++) {
    const y = between(rng, 585, 900);
    const amp = between(rng, 2, 8);
    grainLines.push(
      `<path d="M-20,${f(y)} C300,${f(y - amp)} 700,${f(y + amp)} 1220,${f(y + between(rng, -6, 6))}" stroke="${pick(rng, ['#8a5f3a', '#a87a50', '#6f4a2c'])}" stroke-width="${f(between(rng, 1, 4) * (0.4 + (y - 580) / 400))}" fill="none" opacity="${f(between(rng, 0.2, 0.5))}"/>`,
    );
  }
  // Speckles in the glaze.
  const speckles: string[] = [];
  for (let i = 0; i < 160; i++) {
    const x = between(rng, 410, 750);
    const y = between(rng, 400, 740);
    speckles.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 0.7, 1.8))}" fill="${pick(rng, ['#0e2e31', '#d8efe9'])}" opacity="${f(between(rng, 0.3, 0.7))}"/>`,
    );
  }

  const body =
    'M400,360 L404,712 C408,744 470,756 580,756 C690,756 752,744 756,712 L760,360 A180,38 0 0 1 400,360 Z';
  const defs = `
    <clipPath id="body"><path d="${body}"/></clipPath>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#d9d1c6"/><stop offset="1" stop-color="#efe8de"/>
    </linearGradient>
    <radialGradient id="light" cx="0.3" cy="0.2" r="0.8">
      <stop offset="0" stop-color="#fff8ec" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8ec" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b8875c"/><stop offset="1" stop-color="#c99a6c"/>
    </linearGradient>
    <linearGradient id="glaze" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#123c40"/><stop offset="0.14" stop-color="#2d777a"/>
      <stop offset="0.3" stop-color="#6fb7b4"/><stop offset="0.38" stop-color="#4a9796"/>
      <stop offset="0.7" stop-color="#24676b"/><stop offset="0.92" stop-color="#133d41"/>
      <stop offset="1" stop-color="#1c4d51"/>
    </linearGradient>
    <linearGradient id="handle" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#1a4a4e"/><stop offset="0.5" stop-color="#3c8a8b"/>
      <stop offset="1" stop-color="#123538"/>
    </linearGradient>
    <linearGradient id="inside" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0f2f32"/><stop offset="1" stop-color="#2e7477"/>
    </linearGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <radialGradient id="coffee" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#5b3823"/><stop offset="1" stop-color="#2a170c"/>
    </radialGradient>
    <filter id="shadow" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="22"/></filter>
    <filter id="contact" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="6"/></filter>`;

  const background = `<rect width="${width}" height="${height}" fill="url(#wall)"/>
    <rect width="${width}" height="${height}" fill="url(#light)"/>
    <rect y="580" width="${width}" height="320" fill="url(#table)"/>
    <g>${grainLines.join('')}</g>
    <rect y="578" width="${width}" height="6" fill="#8f6743" opacity="0.6"/>
    <ellipse cx="640" cy="752" rx="250" ry="34" fill="#2a1a0e" opacity="0.45" filter="url(#shadow)"/>
    <ellipse cx="585" cy="750" rx="185" ry="14" fill="#1a0f08" opacity="0.6" filter="url(#contact)"/>`;

  const subject = `
    <path d="M742,440 C860,420 888,540 860,600 C838,650 790,668 742,662" stroke="url(#handle)" stroke-width="40" fill="none" stroke-linecap="round"/>
    <path d="M750,455 C840,450 858,540 842,590" stroke="#8fd0cc" stroke-width="5" fill="none" opacity="0.45" stroke-linecap="round"/>
    <path d="${body}" fill="url(#glaze)"/>
    <path d="M404,712 C408,744 470,756 580,756 C690,756 752,744 756,712 L755,730 C750,756 690,764 580,764 C470,764 410,756 405,730 Z" fill="#d8c9ae"/>
    <path d="M405,700 C410,734 470,746 580,746 C690,746 750,734 755,700 L756,712 C752,744 690,756 580,756 C470,756 408,744 404,712 Z" fill="#0f3235" opacity="0.6"/>
    <g clip-path="url(#body)"><rect x="478" y="340" width="50" height="430" fill="url(#shine)" opacity="0.8"/>
      <rect x="690" y="340" width="40" height="430" fill="url(#shine)" opacity="0.25"/></g>
    <g>${speckles.join('')}</g>
    <ellipse cx="580" cy="360" rx="180" ry="38" fill="#3f8f90"/>
    <ellipse cx="580" cy="362" rx="166" ry="31" fill="url(#inside)"/>
    <ellipse cx="580" cy="378" rx="154" ry="22" fill="url(#coffee)"/>
    <ellipse cx="540" cy="374" rx="60" ry="6" fill="#c89a70" opacity="0.35"/>
    <path d="M400,360 A180,38 0 0 1 760,360" stroke="#a9dcd7" stroke-width="3" fill="none" opacity="0.6"/>`;

  return {
    width,
    height,
    defs,
    background,
    defocus: 3.5,
    mottle: { cells: 14, strength: 0.18 },
    subject,
    grain: 4.5,
  };
}

// ---------------------------------------------------------------------------------------------
// Landscape: a lone oak on a grassy hill under a summer sky.

function landscape(): Drawing {
  const rng = seededRandom(37);
  const width = 1200;
  const height = 900;
  const tx = 760; // trunk position

  const clouds: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = between(rng, -100, 1300);
    const y = between(rng, 60, 330);
    clouds.push(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(between(rng, 80, 200))}" ry="${f(between(rng, 20, 45))}" fill="#ffffff" opacity="${f(between(rng, 0.35, 0.75))}"/>`,
    );
  }
  const grass: string[] = [];
  for (let i = 0; i < 700; i++) {
    const x = between(rng, 0, 1200);
    const y = between(rng, 700, 900);
    const hgt = between(rng, 4, 14) * (y / 800);
    grass.push(`M${f(x)},${f(y)} l${f(between(rng, -3, 3))},${f(-hgt)}`);
  }

  // The canopy: clumps of foliage, dark ones first and lit ones last, light from the upper left.
  const clumps: string[] = [];
  const layers = [
    { n: 40, r: [55, 85], colours: ['#1f3a16', '#233f18', '#1a3212'], dx: 20, dy: 25 },
    { n: 55, r: [40, 65], colours: ['#2f5420', '#355c24', '#2a4c1c'], dx: 5, dy: 5 },
    { n: 45, r: [25, 45], colours: ['#4a7530', '#54803a', '#41692a'], dx: -20, dy: -25 },
    { n: 30, r: [12, 24], colours: ['#6a9845', '#78a650', '#5d8a3c'], dx: -40, dy: -45 },
  ];
  for (const layer of layers) {
    for (let i = 0; i < layer.n; i++) {
      const a = rng() * Math.PI * 2;
      const d = Math.sqrt(rng()) * 0.82;
      const x = tx + Math.cos(a) * d * 250 + layer.dx;
      const y = 340 + Math.sin(a) * d * 160 + layer.dy;
      clumps.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, layer.r[0]!, layer.r[1]!))}" fill="${pick(rng, layer.colours)}"/>`,
      );
    }
  }
  // Small leaf clusters on the rim so the outline is ragged, as foliage is.
  const rim: string[] = [];
  for (let i = 0; i < 160; i++) {
    const a = rng() * Math.PI * 2;
    const x = tx + Math.cos(a) * between(rng, 250, 280);
    const y = 345 + Math.sin(a) * between(rng, 158, 180);
    if (y > 470) continue; // the underside stays smooth-ish; the trunk leaves there
    rim.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(rng, 6, 16))}" fill="${pick(rng, ['#2a4c1c', '#355c24', '#4a7530'])}"/>`,
    );
  }

  // Leaves: a fine texture of small lit and shaded dots over the clumps.
  const leaves: string[] = [];
  for (let i = 0; i < 1400; i++) {
    const a = rng() * Math.PI * 2;
    const d = Math.sqrt(rng());
    const x = tx + Math.cos(a) * d * 262;
    const y = 340 + Math.sin(a) * d * 168;
    const lit = (tx - x) / 262 + (340 - y) / 168 + between(rng, -0.8, 0.8);
    const colour =
      lit > 0.6
        ? pick(rng, ['#86b25a', '#79a64e', '#93bd66'])
        : lit > -0.4
          ? pick(rng, ['#4d7a32', '#446e2c', '#5a8a3a'])
          : pick(rng, ['#1d3514', '#24401a', '#2c4a1e']);
    leaves.push(
      `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(between(rng, 2.5, 6))}" ry="${f(between(rng, 2, 4))}" transform="rotate(${f(between(rng, 0, 180))} ${f(x)} ${f(y)})" fill="${colour}" opacity="${f(between(rng, 0.5, 0.9))}"/>`,
    );
  }
  const bark: string[] = [];
  for (let i = 0; i < 26; i++) {
    const x = tx + between(rng, -24, 30);
    const y = between(rng, 470, 640);
    bark.push(
      `M${f(x)},${f(y)} q${f(between(rng, -3, 3))},${f(between(rng, 15, 30))} ${f(between(rng, -2, 2))},${f(between(rng, 30, 60))}`,
    );
  }

  const trunk = `M${tx - 26},664 C${tx - 20},600 ${tx - 14},520 ${tx - 20},450 C${tx - 60},420 ${tx - 110},400 ${tx - 150},380 L${tx - 140},370 C${tx - 100},385 ${tx - 60},400 ${tx - 14},420 C${tx - 10},390 ${tx - 5},360 ${tx},330 L${tx + 14},330 C${tx + 16},370 ${tx + 18},400 ${tx + 22},420 C${tx + 60},395 ${tx + 110},380 ${tx + 150},360 L${tx + 156},372 C${tx + 110},395 ${tx + 60},420 ${tx + 24},455 C${tx + 20},520 ${tx + 26},600 ${tx + 34},664 C${tx + 44},672 ${tx + 56},674 ${tx + 62},676 L${tx - 52},676 C${tx - 44},672 ${tx - 34},670 ${tx - 26},664 Z`;

  const defs = `
    <clipPath id="trunkClip"><path d="${trunk}"/></clipPath>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3f78b8"/><stop offset="0.55" stop-color="#8fb8dc"/>
      <stop offset="0.7" stop-color="#cfe0ea"/><stop offset="1" stop-color="#e6eee8"/>
    </linearGradient>
    <linearGradient id="hill" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8db055"/><stop offset="0.5" stop-color="#6a9440"/>
      <stop offset="1" stop-color="#4b7530"/>
    </linearGradient>
    <linearGradient id="bark" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#5a4532"/><stop offset="0.35" stop-color="#7a634c"/>
      <stop offset="1" stop-color="#2e2218"/>
    </linearGradient>
    <filter id="cloud" x="-50%" y="-100%" width="200%" height="300%"><feGaussianBlur stdDeviation="14"/></filter>`;

  const background = `<rect width="${width}" height="${height}" fill="url(#sky)"/>
    <g filter="url(#cloud)">${clouds.join('')}</g>
    <path d="M0,600 C150,560 300,585 420,570 C560,552 700,590 860,575 C1000,562 1100,585 1200,578 L1200,900 L0,900 Z" fill="#8aa3b0" opacity="0.8"/>
    <path d="M0,640 C200,610 350,640 500,628 C650,616 800,650 1200,625 L1200,900 L0,900 Z" fill="#7f9a72"/>
    <path d="M0,760 C200,720 420,690 600,668 C700,655 780,652 860,660 C1000,675 1100,700 1200,720 L1200,900 L0,900 Z" fill="url(#hill)"/>
    <path d="${grass.join(' ')}" stroke="#3f6626" stroke-width="1.5" opacity="0.5"/>
    <ellipse cx="790" cy="668" rx="170" ry="16" fill="#2e4a1c" opacity="0.45"/>`;

  const subject = `
    <path d="${trunk}" fill="url(#bark)"/>
    <path d="${bark.join(' ')}" stroke="#241a12" stroke-width="2.5" fill="none" opacity="0.5" clip-path="url(#trunkClip)"/>
    <g>${clumps.join('')}</g>
    <g>${rim.join('')}</g>
    <g>${leaves.join('')}</g>`;

  return {
    width,
    height,
    defs,
    background,
    defocus: 2.2,
    mottle: { cells: 18, strength: 0.2 },
    subject,
    grain: 4,
  };
}

// ---------------------------------------------------------------------------------------------
// Fashion: a full-length figure in a camel coat against a painted brick wall.

function fashion(): Drawing {
  const rng = seededRandom(53);
  const width = 900;
  const height = 1200;
  const cx = 450;

  const bricks: string[] = [];
  const rowH = 40;
  for (let row = 0; row * rowH < 1040; row++) {
    const offset = row % 2 === 0 ? 0 : -58;
    for (let x = offset; x < width; x += 116) {
      const tone = Math.round(between(rng, -14, 14));
      const base = [196 + tone, 186 + tone, 172 + tone];
      bricks.push(
        `<rect x="${x + 3}" y="${row * rowH + 3}" width="110" height="${rowH - 6}" rx="3" fill="rgb(${base.join(',')})"/>`,
      );
    }
  }

  const coat = `M${cx - 58},292 C${cx - 100},298 ${cx - 118},316 ${cx - 122},350 C${cx - 128},520 ${cx - 136},700 ${cx - 142},880 C${cx - 60},894 ${cx + 60},894 ${cx + 142},880 C${cx + 136},700 ${cx + 128},520 ${cx + 122},350 C${cx + 118},316 ${cx + 100},298 ${cx + 58},292 Z`;
  const hairLocks: string[] = [];
  for (let i = 0; i < 70; i++) {
    const side = rng() < 0.5 ? -1 : 1;
    const x0 = cx + between(rng, -6, 10);
    const x3 = cx + side * between(rng, 30, 70);
    hairLocks.push(
      `<path d="M${f(x0)},94 C${f(x0 + side * 50)},${f(between(rng, 95, 110))} ${f(x3 + side * 8)},${f(between(rng, 150, 200))} ${f(x3)},${f(between(rng, 220, 330))}" stroke="${pick(rng, ['#4a362a', '#140d09', '#5a4232'])}" stroke-width="${f(between(rng, 1, 2.5))}" fill="none" opacity="${f(between(rng, 0.3, 0.6))}"/>`,
    );
  }
  const backHair = `M${cx - 64},150 C${cx - 80},220 ${cx - 78},290 ${cx - 70},330 L${cx + 70},330 C${cx + 78},290 ${cx + 80},220 ${cx + 64},150 Z`;
  const frontHair = `M${cx - 58},178 C${cx - 66},120 ${cx - 34},90 ${cx + 4},92 C${cx + 46},94 ${cx + 68},124 ${cx + 58},182 C${cx + 50},150 ${cx + 40},132 ${cx + 10},124 C${cx - 10},140 ${cx - 40},140 ${cx - 58},178 Z`;

  const defs = `
    <clipPath id="fBackHairClip"><path d="${backHair}"/></clipPath>
    <clipPath id="fFrontHairClip"><path d="${frontHair}"/></clipPath>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8a847c"/><stop offset="1" stop-color="#b3ada4"/>
    </linearGradient>
    <radialGradient id="spot" cx="0.5" cy="0.45" r="0.7">
      <stop offset="0" stop-color="#fff" stop-opacity="0.15"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
    </radialGradient>
    <linearGradient id="coat" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#7a5230"/><stop offset="0.25" stop-color="#c1925f"/>
      <stop offset="0.5" stop-color="#b08050"/><stop offset="0.85" stop-color="#8a5e36"/>
      <stop offset="1" stop-color="#5e3d22"/>
    </linearGradient>
    <linearGradient id="sleeve" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#6a4527"/><stop offset="0.5" stop-color="#a87a4b"/>
      <stop offset="1" stop-color="#6a4527"/>
    </linearGradient>
    <radialGradient id="fskin" cx="0.4" cy="0.4" r="0.7">
      <stop offset="0" stop-color="#e9bd9a"/><stop offset="1" stop-color="#b37a58"/>
    </radialGradient>
    <linearGradient id="fhair" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3a2a22"/><stop offset="1" stop-color="#0e0907"/>
    </linearGradient>
    <linearGradient id="legs" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#141414"/><stop offset="0.4" stop-color="#3a3a3c"/>
      <stop offset="1" stop-color="#0c0c0c"/>
    </linearGradient>
    <pattern id="twill" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">
      <rect width="6" height="2" fill="#3a2410" opacity="0.07"/><rect y="3" width="6" height="1" fill="#f0d0a0" opacity="0.05"/>
    </pattern>
    <clipPath id="coatClip"><path d="${coat}"/></clipPath>
    <filter id="fshadow" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="14"/></filter>
`;

  const background = `<rect width="${width}" height="${height}" fill="#cfc7ba"/>
    <g>${bricks.join('')}</g>
    <rect y="1040" width="${width}" height="160" fill="url(#floor)"/>
    <rect y="1036" width="${width}" height="8" fill="#5a554f"/>
    <rect width="${width}" height="${height}" fill="url(#spot)"/>
    <ellipse cx="470" cy="1112" rx="150" ry="18" fill="#1a1612" opacity="0.55" filter="url(#fshadow)"/>`;

  const subject = `
    <path d="${backHair}" fill="url(#fhair)"/>
    <g clip-path="url(#fBackHairClip)">${hairLocks.join('')}</g>
    <path d="M${cx - 44},880 L${cx - 38},1082 L${cx - 14},1082 L${cx - 4},880 Z" fill="url(#legs)"/>
    <path d="M${cx + 4},880 L${cx + 14},1082 L${cx + 38},1082 L${cx + 44},880 Z" fill="url(#legs)"/>
    <path d="M${cx - 42},1070 L${cx - 12},1070 C${cx - 8},1088 ${cx - 10},1104 ${cx - 14},1112 L${cx - 70},1112 C${cx - 72},1100 ${cx - 52},1094 ${cx - 42},1070 Z" fill="#111"/>
    <path d="M${cx + 12},1070 L${cx + 42},1070 C${cx + 52},1094 ${cx + 74},1100 ${cx + 72},1112 L${cx + 14},1112 C${cx + 10},1104 ${cx + 8},1088 ${cx + 12},1070 Z" fill="#111"/>
    <path d="${coat}" fill="url(#coat)"/>
    <path d="M${cx - 30},292 L${cx},470 L${cx + 30},292 Z" fill="#1b1b1d"/>
    <path d="M${cx - 58},292 L${cx - 30},292 L${cx},470 L${cx - 6},520 L${cx - 70},400 L${cx - 46},380 Z" fill="#8c6038"/>
    <path d="M${cx + 58},292 L${cx + 30},292 L${cx},470 L${cx + 6},520 L${cx + 70},400 L${cx + 46},380 Z" fill="#7a5230"/>
    <path d="M${cx},520 L${cx + 4},884" stroke="#5a3a20" stroke-width="3" opacity="0.8"/>
    <path d="M${cx - 60},560 C${cx - 70},700 ${cx - 80},800 ${cx - 90},880 M${cx + 70},560 C${cx + 80},700 ${cx + 95},800 ${cx + 100},880 M${cx - 20},600 C${cx - 26},720 ${cx - 30},800 ${cx - 34},886" stroke="#5a3a20" stroke-width="6" fill="none" opacity="0.25"/>
    <g clip-path="url(#coatClip)"><rect x="${cx - 170}" y="280" width="340" height="620" fill="url(#twill)"/></g>
    <rect x="${cx - 127}" y="520" width="254" height="30" rx="6" fill="#8e6138"/>
    <path d="M${cx + 10},535 C${cx + 20},580 ${cx + 14},620 ${cx + 20},660 L${cx + 34},658 C${cx + 30},620 ${cx + 34},580 ${cx + 24},535 Z" fill="#7e5430"/>
    <circle cx="${cx + 30}" cy="430" r="6" fill="#3a2616"/><circle cx="${cx + 30}" cy="620" r="6" fill="#3a2616"/>
    <path d="M${cx - 116},318 C${cx - 142},336 ${cx - 156},520 ${cx - 158},690 L${cx - 118},696 C${cx - 116},560 ${cx - 110},420 ${cx - 96},340 Z" fill="url(#sleeve)"/>
    <path d="M${cx + 116},318 C${cx + 142},336 ${cx + 156},520 ${cx + 158},690 L${cx + 118},696 C${cx + 116},560 ${cx + 110},420 ${cx + 96},340 Z" fill="url(#sleeve)"/>
    <path d="M${cx - 118},330 C${cx - 140},350 ${cx - 150},520 ${cx - 152},686 M${cx + 118},330 C${cx + 140},350 ${cx + 150},520 ${cx + 152},686" stroke="#4a2e18" stroke-width="3" fill="none" opacity="0.35"/>
    <path d="M${cx - 158},690 C${cx - 162},720 ${cx - 150},752 ${cx - 136},756 C${cx - 124},752 ${cx - 116},724 ${cx - 118},696 Z" fill="url(#fskin)"/>
    <path d="M${cx + 158},690 C${cx + 162},720 ${cx + 150},752 ${cx + 136},756 C${cx + 124},752 ${cx + 116},724 ${cx + 118},696 Z" fill="url(#fskin)"/>
    <path d="M${cx - 20},230 L${cx - 22},300 C${cx - 8},312 ${cx + 8},312 ${cx + 22},300 L${cx + 20},230 Z" fill="#c08a68"/>
    <path d="M${cx},105 C${cx + 42},105 ${cx + 56},140 ${cx + 55},178 C${cx + 54},216 ${cx + 36},248 ${cx},256 C${cx - 36},248 ${cx - 54},216 ${cx - 55},178 C${cx - 56},140 ${cx - 42},105 ${cx},105 Z" fill="url(#fskin)"/>
    <path d="M${cx - 31},174 Q${cx - 19},164 ${cx - 7},173 Q${cx - 19},179 ${cx - 31},174 Z" fill="#ede3da"/>
    <path d="M${cx + 7},173 Q${cx + 19},164 ${cx + 31},174 Q${cx + 19},179 ${cx + 7},173 Z" fill="#e3d8ce"/>
    <circle cx="${cx - 18}" cy="172" r="4.5" fill="#2a1a10"/><circle cx="${cx + 19}" cy="172" r="4.5" fill="#2a1a10"/>
    <path d="M${cx - 32},174 Q${cx - 19},162 ${cx - 6},172 M${cx + 6},172 Q${cx + 19},162 ${cx + 32},174" stroke="#1a100a" stroke-width="2.4" fill="none"/>
    <ellipse cx="${cx + 34}" cy="205" rx="14" ry="32" fill="#6a3a22" opacity="0.12"/>
    <path d="M${cx - 32},160 Q${cx - 19},152 ${cx - 6},158" stroke="#2a1a12" stroke-width="3.5" fill="none"/>
    <path d="M${cx + 6},158 Q${cx + 19},152 ${cx + 32},160" stroke="#2a1a12" stroke-width="3.5" fill="none"/>
    <path d="M${cx - 2},178 L${cx - 6},204 Q${cx},208 ${cx + 5},204" stroke="#8a5440" stroke-width="2" fill="none" opacity="0.5"/>
    <path d="M${cx - 14},222 Q${cx},216 ${cx + 14},222 Q${cx},232 ${cx - 14},222 Z" fill="#a03a44"/>
    <path d="${frontHair}" fill="url(#fhair)"/>
    <g clip-path="url(#fFrontHairClip)">${hairLocks.join('')}</g>`;

  return {
    width,
    height,
    defs,
    background,
    defocus: 3,
    mottle: { cells: 12, strength: 0.3 },
    subject,
    grain: 5,
  };
}

const drawings: Record<SampleId, () => Drawing> = {
  'studio-portrait': studioPortrait,
  'product-photo': productPhoto,
  landscape,
  fashion,
};

// ---------------------------------------------------------------------------------------------

function svg(d: Drawing, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}"><defs>${d.defs}</defs>${body}</svg>`,
  );
}

/** Smooth blotches: a few random values per cell, upscaled with a cubic kernel. */
async function mottle(d: Drawing, rng: () => number): Promise<Buffer> {
  const cw = d.mottle.cells;
  const ch = Math.max(2, Math.round((cw * d.height) / d.width));
  const small = Buffer.alloc(cw * ch * 3);
  for (let i = 0; i < cw * ch; i++) {
    const v = 128 + (rng() - 0.5) * 255 * d.mottle.strength;
    const tint = (rng() - 0.5) * 12 * d.mottle.strength;
    small[i * 3] = v + tint;
    small[i * 3 + 1] = v;
    small[i * 3 + 2] = v - tint;
  }
  return sharp(small, { raw: { width: cw, height: ch, channels: 3 } })
    .resize(d.width, d.height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/** Film-like grain: mostly luminance, a little colour; Irwin–Hall approximation of a normal. */
function addGrain(rgb: Buffer, rng: () => number, sigma: number): void {
  const px = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  for (let i = 0; i < px.length; i += 3) {
    const n = (rng() + rng() + rng() - 1.5) * 2 * sigma;
    const c = (rng() - 0.5) * sigma;
    px[i] = px[i]! + n + c;
    px[i + 1] = px[i + 1]! + n;
    px[i + 2] = px[i + 2]! + n - c;
  }
}

export async function renderSample(id: SampleId): Promise<RenderedSample> {
  const d = drawings[id]();
  const raw = { width: d.width, height: d.height };
  const rng = seededRandom(1000 + sampleIds.indexOf(id));

  const [backdrop, blotches, subject] = await Promise.all([
    sharp(svg(d, d.background)).removeAlpha().raw().toBuffer(),
    mottle(d, rng),
    sharp(svg(d, d.subject)).ensureAlpha().raw().toBuffer(),
  ]);
  const background = await sharp(backdrop, { raw: { ...raw, channels: 3 } })
    .composite([{ input: blotches, raw: { ...raw, channels: 3 }, blend: 'soft-light' }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const defocused = await sharp(background, { raw: { ...raw, channels: 3 } })
    .blur(d.defocus)
    .raw()
    .toBuffer();
  // A touch of softness over everything, as a lens gives, then the grain on top.
  const composed = await sharp(defocused, { raw: { ...raw, channels: 3 } })
    .composite([{ input: subject, raw: { ...raw, channels: 4 } }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const photo = await sharp(composed, { raw: { ...raw, channels: 3 } })
    .blur(0.6)
    .raw()
    .toBuffer();
  addGrain(photo, rng, d.grain);

  const [jpeg, thumbnail, mask] = await Promise.all([
    sharp(photo, { raw: { ...raw, channels: 3 } })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer(),
    sharp(photo, { raw: { ...raw, channels: 3 } })
      .resize({ width: THUMBNAIL_WIDTH })
      .webp({ quality: 80 })
      .toBuffer(),
    sharp(subject, { raw: { ...raw, channels: 4 } })
      .extractChannel(3)
      .threshold(128)
      .raw()
      .toBuffer(),
  ]);
  return { id, width: d.width, height: d.height, jpeg, thumbnail, mask };
}
