import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { makeScene } from '../../../../packages/engine/test/synthetic.js';

// Hostile images for the fuzz test (issue 17), made on the spot from small valid seeds, so
// nothing binary is committed: every seed format the server accepts, then mutants of each —
// truncated, bit-flipped, overwritten, headers that lie about the size, decompression bombs,
// oversized palettes, junk appended or prepended. Deterministic for a given seed number, so a
// failure names a case that can be made again.

export interface HostileImage {
  /** e.g. "jpeg-cmyk/bitflip#12": the seed and the mutation, to reproduce a failure. */
  name: string;
  data: Buffer;
}

/** mulberry32: a small, fast, seeded generator (tests need repeatability, not secrecy). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG header claiming width × height (8-bit RGB), with `rows` as its compressed data. */
function pngClaiming(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An 8-bit palette PNG whose PLTE holds `entries` colours (more than 256 is invalid). */
function palettePng(width: number, height: number, entries: number, random: () => number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.alloc(entries * 3);
  for (let i = 0; i < plte.length; i++) plte[i] = Math.floor(random() * 256);
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = Math.floor(random() * 256);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The valid seeds, one per kind of image the issue names. */
export async function hostileSeeds(): Promise<HostileImage[]> {
  const scene = await makeScene({ width: 96, height: 72, seed: 5 });
  const raw = { raw: { width: scene.width, height: scene.height, channels: 3 as const } };
  const base = () => sharp(scene.rgb, raw);
  // An animated GIF of three frames (the engine takes the first).
  const frame = () => base().png().toBuffer();
  const animated = await sharp([await frame(), await frame(), await frame()], {
    join: { animated: true },
  })
    .gif()
    .toBuffer();
  const seeds: [string, Promise<Buffer>][] = [
    ['png-rgb', base().png().toBuffer()],
    ['png-rgba', base().ensureAlpha(0.5).png().toBuffer()],
    ['png-palette', base().png({ palette: true, colours: 64 }).toBuffer()],
    ['png-16bit', base().toColourspace('rgb16').png().toBuffer()],
    ['jpeg', base().jpeg({ quality: 85 }).toBuffer()],
    ['jpeg-progressive', base().jpeg({ progressive: true }).toBuffer()],
    ['jpeg-cmyk', base().toColourspace('cmyk').jpeg().toBuffer()],
    ['jpeg-exif-rotated', base().jpeg().withMetadata({ orientation: 6 }).toBuffer()],
    ['webp', base().webp({ quality: 80 }).toBuffer()],
    ['webp-lossless', base().webp({ lossless: true }).toBuffer()],
    ['gif-animated', Promise.resolve(animated)],
    ['tiff-cmyk', base().toColourspace('cmyk').tiff().toBuffer()],
  ];
  return Promise.all(seeds.map(async ([name, data]) => ({ name, data: await data })));
}

type Mutation = (data: Buffer, random: () => number) => Buffer;

const int = (random: () => number, below: number) => Math.floor(random() * below);

const mutations: Record<string, Mutation> = {
  truncate: (data, random) => data.subarray(0, int(random, data.length)),
  bitflip: (data, random) => {
    const out = Buffer.from(data);
    const flips = 1 + int(random, 16);
    for (let i = 0; i < flips; i++) out[int(random, out.length)]! ^= 1 << int(random, 8);
    return out;
  },
  // Flips only in the first 64 bytes, where the headers are, so parsers see lies, not noise.
  headerflip: (data, random) => {
    const out = Buffer.from(data);
    const span = Math.min(64, out.length);
    for (let i = 0; i < 1 + int(random, 4); i++) out[int(random, span)]! ^= 1 << int(random, 8);
    return out;
  },
  overwrite: (data, random) => {
    const out = Buffer.from(data);
    const start = int(random, out.length);
    out.fill(
      random() < 0.5 ? 0x00 : 0xff,
      start,
      Math.min(out.length, start + 1 + int(random, 256)),
    );
    return out;
  },
  // Every 16-bit or 32-bit field that could be a dimension, set to something extreme.
  liesize: (data, random) => {
    const out = Buffer.from(data);
    const extremes = [0, 1, 0xffff, 0x7fff, 50_000, 12_001];
    const at = 8 + int(random, Math.max(1, Math.min(out.length - 12, 400)));
    const value = extremes[int(random, extremes.length)]!;
    if (random() < 0.5) out.writeUInt16BE(value & 0xffff, at);
    else out.writeUInt32BE(value >>> 0, at);
    return out;
  },
  appendjunk: (data, random) => {
    const junk = Buffer.alloc(1 + int(random, 4096));
    for (let i = 0; i < junk.length; i++) junk[i] = int(random, 256);
    return Buffer.concat([data, junk]);
  },
  // Another format's magic bytes in front: the sniffer and the decoder disagree.
  wrongmagic: (data, random) => {
    const magics = [PNG_SIGNATURE, Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('GIF89a')];
    return Buffer.concat([magics[int(random, magics.length)]!, data.subarray(int(random, 16))]);
  },
};

/** Images made from nothing but a header: bombs, lying sizes and broken palettes. */
function crafted(random: () => number, i: number): HostileImage {
  switch (i % 4) {
    case 0: {
      // A decompression bomb: a few KB inflating to gigabytes, at a random claimed size.
      const side = 8_000 + int(random, 60_000);
      return {
        name: `crafted/bomb-${side}#${i}`,
        data: pngClaiming(side, side, deflateSync(Buffer.alloc(side * 3 + 1), { level: 9 })),
      };
    }
    case 1: {
      // A header that claims a small image but carries the rows of a much larger one.
      const w = 1 + int(random, 64);
      return {
        name: `crafted/understated-${w}#${i}`,
        data: pngClaiming(w, w, deflateSync(Buffer.alloc(4_000 * 4_000))),
      };
    }
    case 2: {
      const entries = [1, 256, 257, 1000, 4096][int(random, 5)]!;
      return { name: `crafted/palette-${entries}#${i}`, data: palettePng(32, 24, entries, random) };
    }
    default: {
      // Zero or huge dimensions with a tiny body.
      const w = [0, 1, 0x7fffffff, 0xffffffff][int(random, 4)]!;
      const h = [0, 1, 0x7fffffff, 0xffffffff][int(random, 4)]!;
      return {
        name: `crafted/size-${w}x${h}#${i}`,
        data: pngClaiming(w, h, deflateSync(Buffer.alloc(64))),
      };
    }
  }
}

/** `count` hostile images (plus the seeds themselves), the same ones for the same `seed`. */
export async function hostileImages(count: number, seed = 17): Promise<HostileImage[]> {
  const random = seeded(seed);
  const seeds = await hostileSeeds();
  const names = Object.keys(mutations);
  const out: HostileImage[] = [...seeds];
  for (let i = 0; out.length < count; i++) {
    if (i % 10 === 9) {
      out.push(crafted(random, i));
      continue;
    }
    const source = seeds[i % seeds.length]!;
    const mutation = names[int(random, names.length)]!;
    out.push({
      name: `${source.name}/${mutation}#${i}`,
      data: mutations[mutation]!(source.data, random),
    });
  }
  return out;
}
