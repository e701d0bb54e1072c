import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CorruptImageError,
  createEnginePool,
  InvalidOptionsError,
  readMask,
  touchUp,
  type EnginePool,
} from '../src/index.js';

// A touch-up makes the three results from the original and a person's mask: no model runs, and
// the mask comes back exactly as the results' alpha.

const W = 96;
const H = 64;

/** A photo: red left half, blue right half. */
async function photo(): Promise<Buffer> {
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const k = (y * W + x) * 3;
      if (x < W / 2) rgb[k] = 220;
      else rgb[k + 2] = 200;
    }
  }
  return sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

/** Subject: the left half (255), a soft column at x = 48 (128), nothing right of it. */
function maskBytes(): Buffer {
  const m = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) m[y * W + x] = x < W / 2 ? 255 : x === W / 2 ? 128 : 0;
  }
  return m;
}

const grey = (m: Buffer, w = W, h = H) =>
  sharp(m, { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();

async function rgbaOf(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

describe('touch-up', () => {
  it('makes refined, white_bg and transparent_bg from the original and the mask', async () => {
    const result = await touchUp(await photo(), await grey(maskBytes()));
    expect([result.width, result.height]).toEqual([W, H]);
    const refined = await rgbaOf(result.outputs.refined.data);
    const transparent = await rgbaOf(result.outputs.transparent_bg.data);
    const white = await sharp(result.outputs.white_bg.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => (y * W + x) * 4;
    // The mask is the alpha of both cut-outs, exactly.
    for (const x of [0, 10, 47, 48, 49, 95]) {
      const want = maskBytes()[10 * W + x];
      expect(refined.data[at(x, 10) + 3], `refined alpha at x=${x}`).toBe(want);
      expect(transparent.data[at(x, 10) + 3], `transparent alpha at x=${x}`).toBe(want);
    }
    // Kept pixels keep the photo's colour; white_bg is white where the mask is empty.
    expect([...refined.data.subarray(at(10, 10), at(10, 10) + 3)]).toEqual([220, 0, 0]);
    expect(white.info.channels).toBe(3);
    const wk = (10 * W + 90) * 3;
    expect([...white.data.subarray(wk, wk + 3)]).toEqual([255, 255, 255]);
    const wr = (10 * W + 10) * 3;
    expect([...white.data.subarray(wr, wr + 3)]).toEqual([220, 0, 0]);
    // The stored mask is the grey mask itself.
    const stored = await sharp(result.outputs.mask.data).extractChannel(0).raw().toBuffer();
    expect(stored.equals(maskBytes())).toBe(true);
  });

  it('reads a mask from its alpha channel when it has one (a canvas export)', async () => {
    const rgba = Buffer.alloc(W * H * 4, 255);
    const m = maskBytes();
    for (let i = 0; i < W * H; i++) rgba[i * 4 + 3] = m[i]!;
    const png = await sharp(rgba, { raw: { width: W, height: H, channels: 4 } })
      .png()
      .toBuffer();
    expect(Buffer.from(await readMask(png, W, H)).equals(m)).toBe(true);
  });

  it('refuses a mask of another size, and bytes that are not an image', async () => {
    await expect(readMask(await grey(Buffer.alloc(10 * 10), 10, 10), W, H)).rejects.toThrow(
      InvalidOptionsError,
    );
    await expect(readMask(await grey(Buffer.alloc(10 * 10), 10, 10), W, H)).rejects.toThrow(
      /must be 96 × 64 pixels.*10 × 10/,
    );
    await expect(readMask(Buffer.from('not an image'), W, H)).rejects.toThrow(CorruptImageError);
    await expect(readMask(Buffer.alloc(0), W, H)).rejects.toThrow(CorruptImageError);
  });

  describe('in the pool', () => {
    let pool: EnginePool | undefined;
    afterAll(async () => pool?.close());

    it('runs in a worker thread and gives typed errors back', async () => {
      pool = createEnginePool({ model: 'u2netp', workers: 1, threads: 1 });
      const result = await pool.touchUp(await photo(), await grey(maskBytes()));
      expect(Buffer.isBuffer(result.outputs.refined.data)).toBe(true);
      const alpha = await sharp(result.outputs.transparent_bg.data)
        .extractChannel(3)
        .raw()
        .toBuffer();
      expect(alpha.equals(maskBytes())).toBe(true);
      await expect(
        pool.touchUp(await photo(), await grey(Buffer.alloc(4), 2, 2)),
      ).rejects.toBeInstanceOf(InvalidOptionsError);
      expect(pool.stats()).toMatchObject({ completed: 1, running: 0, queued: 0 });
    });
  });
});
