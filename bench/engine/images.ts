import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { encodeScene, makeScene, type Scene } from '../../packages/engine/test/synthetic.js';

// Everything the benchmarks measure is drawn here: scenes of 1, 4 and 12 MP, a folder of
// eight "real-world-like" composites (gradients, defocused clutter and text, grain, hair-like
// strokes, different palettes, shapes, sizes and formats), and the soak test's uploads.

export interface BenchImage {
  name: string;
  file: Buffer;
  scene: Scene;
}

export const SIZES = [
  { label: '1 MP', width: 1155, height: 866 },
  { label: '4 MP', width: 2309, height: 1732 },
  { label: '12 MP', width: 4000, height: 3000 },
] as const;

export async function sizedImages(): Promise<(BenchImage & { label: string })[]> {
  const out: (BenchImage & { label: string })[] = [];
  for (const size of SIZES) {
    const scene = await makeScene({
      width: size.width,
      height: size.height,
      seed: 2,
      hair: true,
      clutter: true,
    });
    out.push({ name: size.label, label: size.label, scene, file: await encodeScene(scene) });
  }
  return out;
}

const FOLDER = [
  { width: 1200, height: 900, shape: 'ellipse', hair: true, palette: 0 },
  { width: 900, height: 1200, shape: 'rounded-rect', hair: false, palette: 1 },
  { width: 1600, height: 1067, shape: 'ellipse', hair: false, palette: 2 },
  { width: 1000, height: 1000, shape: 'rounded-rect', hair: true, palette: 3 },
  { width: 1920, height: 1080, shape: 'ellipse', hair: true, palette: 1 },
  { width: 768, height: 1024, shape: 'ellipse', hair: false, palette: 3 },
  { width: 2000, height: 1500, shape: 'rounded-rect', hair: true, palette: 2 },
  { width: 1280, height: 720, shape: 'rounded-rect', hair: false, palette: 0 },
] as const;

export async function folderImages(dir?: string): Promise<BenchImage[]> {
  const out: BenchImage[] = [];
  for (const [i, spec] of FOLDER.entries()) {
    const scene = await makeScene({ ...spec, seed: 10 + i, clutter: true });
    const raw = sharp(scene.rgb, {
      raw: { width: scene.width, height: scene.height, channels: 3 },
    });
    // A mix of formats, as a real upload folder would have.
    const file =
      i % 4 === 1
        ? await raw.png().toBuffer()
        : i % 4 === 3
          ? await raw.webp({ quality: 90 }).toBuffer()
          : await encodeScene(scene);
    const name = `photo-${i + 1}-${spec.width}x${spec.height}`;
    out.push({ name, scene, file });
    if (dir) {
      await mkdir(dir, { recursive: true });
      await writeFile(
        join(dir, `${name}.${i % 4 === 1 ? 'png' : i % 4 === 3 ? 'webp' : 'jpg'}`),
        file,
      );
    }
  }
  return out;
}

// Photo-like uploads (subject, hair strokes, cluttered background, grain) of the sizes phones and
// cameras send after a resize: 1.4–2.3 MP JPEGs, for the soak test.
const UPLOADS = [
  { width: 1600, height: 1200, shape: 'ellipse', hair: true, palette: 0 },
  { width: 1080, height: 1350, shape: 'rounded-rect', hair: false, palette: 1 },
  { width: 1920, height: 1200, shape: 'ellipse', hair: true, palette: 2 },
  { width: 1200, height: 1200, shape: 'rounded-rect', hair: true, palette: 3 },
] as const;

export async function uploadImages(): Promise<{ size: string; file: Buffer }[]> {
  const out: { size: string; file: Buffer }[] = [];
  for (const [i, spec] of UPLOADS.entries()) {
    const file = await encodeScene(await makeScene({ ...spec, seed: 40 + i, clutter: true }));
    out.push({ size: `${spec.width}×${spec.height}`, file });
  }
  return out;
}
