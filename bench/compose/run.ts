import { performance } from 'node:perf_hooks';
import { composite, encodeComposed, type CompositeOptions } from '@cutout/engine';
import sharp from 'sharp';
import { median, ms, ratio, table } from '../engine/stats.js';
import { numberOption } from '../lib/cli.js';

// The cost of composing a stored cut-out (decision 0190), the work the public API and the
// editor's export add after a job: each kind of background and the geometry, against the
// reference of decoding the stored PNG and encoding it again (what any re-rendered answer
// costs). Drawn images, medians of --runs (default 5) alternating runs, in this process.
//
//   npm run bench:compose [-- --runs N --megapixels 12]

const runs = numberOption('runs', 5);
// As in the engine's workers: libvips' operation cache would serve repeated runs from memory.
sharp.cache(false);
const megapixels = numberOption('megapixels', 12, { fraction: true });
const width = Math.round(Math.sqrt((megapixels * 1e6 * 4) / 3));
const height = Math.round((width * 3) / 4);

/** A photo-like cut-out: a textured subject (noise, so the files compress like photos). */
async function drawn(): Promise<{ cutout: Buffer; original: Buffer; backdrop: Buffer }> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = 90 + ((i * 7919 + (i >> 7) * 104729) % 97);
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="${width / 2}" cy="${height * 0.55}" rx="${width * 0.22}" ry="${height * 0.33}" fill="#fff"/></svg>`,
  );
  const alpha = await sharp(mask).extractChannel(0).raw().toBuffer();
  const photo = sharp(noise, { raw: { width, height, channels: 3 } });
  const cutout = await photo
    .clone()
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 2, adaptiveFiltering: false })
    .toBuffer();
  const original = await photo.clone().jpeg({ quality: 90 }).toBuffer();
  const backdrop = await sharp(noise, { raw: { width, height, channels: 3 } })
    .resize(1920, 1280)
    .jpeg()
    .toBuffer();
  return { cutout, original, backdrop };
}

async function main(): Promise<void> {
  const { cutout, original, backdrop } = await drawn();
  const cases: [string, CompositeOptions][] = [
    ['colour', { background: { kind: 'color', color: { r: 255, g: 255, b: 255, alpha: 1 } } }],
    [
      'colour + shadow',
      { background: { kind: 'color', color: { r: 255, g: 255, b: 255, alpha: 1 } }, shadow: true },
    ],
    ['blurred photo', { background: { kind: 'blur' } }],
    ['image (cover)', { background: { kind: 'image', image: backdrop } }],
    ['scale 50% + position', { scale: 0.5, position: { x: 0, y: 1 } }],
    [
      'crop + 4 margins',
      { crop: true, cropMargin: [{ px: 10 }, { px: 20 }, { px: 30 }, { px: 40 }] },
    ],
  ];
  const reference = async () => {
    await sharp(cutout).png({ compressionLevel: 6 }).toBuffer();
  };
  // How the API drew bg_color before decision 0190 (public-api.render.ts then).
  const before = async () => {
    await sharp(cutout).flatten({ background: '#ffffff' }).png({ compressionLevel: 6 }).toBuffer();
  };
  const timings = new Map<string, number[]>([
    ['reference: decode + encode', []],
    ['colour, as drawn before 0190 (flatten)', []],
  ]);
  for (const [name] of cases) timings.set(name, []);
  await reference();
  for (let run = 0; run < runs; run++) {
    let t0 = performance.now();
    await reference();
    timings.get('reference: decode + encode')!.push(performance.now() - t0);
    t0 = performance.now();
    await before();
    timings.get('colour, as drawn before 0190 (flatten)')!.push(performance.now() - t0);
    for (const [name, options] of cases) {
      t0 = performance.now();
      const composed = await composite({ cutout, original }, options);
      await encodeComposed(composed, 'png');
      timings.get(name)!.push(performance.now() - t0);
    }
  }
  const base = median(timings.get('reference: decode + encode')!);
  console.log(`composition of a ${width}×${height} cut-out, PNG out, median of ${runs} runs`);
  console.log(
    table(
      ['case', 'median', 'against decode + encode'],
      [...timings].map(([name, values]) => [
        name,
        ms(median(values)),
        ratio(median(values) / base),
      ]),
    ),
  );
}

await main();
