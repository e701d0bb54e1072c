// Checks pilLanczosResize against Pillow itself, offline and outside CI (Pillow is not a
// dependency): `apt-get install -y python3-pil`, then
//   npx tsx packages/engine/test/check-pil-lanczos.ts [photo…]
// Random images (noise, so every tap matters) and any photos given are resized both ways, RGB
// and L, shrinking and enlarging, square and per axis, to rembg's sizes and odd ones; each pair
// must match byte for byte. Prints one line per case and exits 1 on any difference.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { pilLanczosResize } from '../src/pipeline/pil-lanczos.js';

const PYTHON = process.env.PIL_PYTHON ?? '/usr/bin/python3';
const dir = mkdtempSync(join(tmpdir(), 'pil-lanczos-'));

const script = `
import sys
from PIL import Image
src, mode, w, h, ow, oh, dst = sys.argv[1:]
data = open(src, 'rb').read()
img = Image.frombytes(mode, (int(w), int(h)), data)
open(dst, 'wb').write(img.resize((int(ow), int(oh)), Image.LANCZOS).tobytes())
print(Image.__version__)
`;

function pil(src: Uint8Array, mode: 'RGB' | 'L', w: number, h: number, ow: number, oh: number) {
  const input = join(dir, 'in.raw');
  const output = join(dir, 'out.raw');
  writeFileSync(input, src);
  const version = execFileSync(PYTHON, [
    '-c',
    script,
    input,
    mode,
    `${w}`,
    `${h}`,
    `${ow}`,
    `${oh}`,
    output,
  ])
    .toString()
    .trim();
  return { bytes: readFileSync(output), version };
}

function noise(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

interface Case {
  name: string;
  pixels: Uint8Array;
  w: number;
  h: number;
  channels: 1 | 3;
}

const cases: Case[] = [];
const sizes: [number, number][] = [
  [37, 23],
  [300, 1400],
  [1400, 300],
  [987, 1481],
];
let seed = 1;
for (const [w, h] of sizes) {
  for (const channels of [3, 1] as const) {
    cases.push({
      name: `noise ${w}×${h}×${channels}`,
      pixels: noise(w * h * channels, seed++),
      w,
      h,
      channels,
    });
  }
}
for (const path of process.argv.slice(2)) {
  const { data, info } = await sharp(path)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  cases.push({ name: path, pixels: data, w: info.width, h: info.height, channels: 3 });
}

let failed = 0;
for (const c of cases) {
  const targets: [number, number][] = [
    [1024, 1024],
    [320, 320],
    [c.w, Math.max(1, Math.round(c.h / 3))],
    [Math.max(1, Math.round(c.w * 1.7)), c.h],
    [17, 1031],
  ];
  for (const [ow, oh] of targets) {
    const ours = pilLanczosResize(c.pixels, c.w, c.h, c.channels, ow, oh);
    const { bytes, version } = pil(c.pixels, c.channels === 3 ? 'RGB' : 'L', c.w, c.h, ow, oh);
    let diff = 0;
    let max = 0;
    for (let i = 0; i < bytes.length; i++) {
      const d = Math.abs(bytes[i]! - ours[i]!);
      if (d) diff++;
      if (d > max) max = d;
    }
    const ok = diff === 0 && bytes.length === ours.length;
    if (!ok) failed++;
    process.stdout.write(
      `${ok ? 'same' : 'DIFF'}  ${c.name} → ${ow}×${oh} (Pillow ${version}): ${diff} of ${bytes.length} bytes differ, at most by ${max}\n`,
    );
  }
}
rmSync(dir, { recursive: true, force: true });
process.stdout.write(failed ? `${failed} cases differ\n` : 'every case is byte-identical\n');
process.exit(failed ? 1 : 0);
