import sharp, { type Color } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../errors.js';
import { composite, encodeComposed, type Composed, type CompositeInput } from './composite.js';
import type { CompositeOptions } from './options.js';

// Pixels of compositions of a known cut-out: a 200×100 canvas with an opaque red 100×50
// rectangle at (50, 25), transparent elsewhere.

const W = 200;
const H = 100;
const subject = { left: 50, top: 25, width: 100, height: 50 };
let cutout: Buffer;

beforeAll(async () => {
  const rgba = Buffer.alloc(W * H * 4);
  for (let y = subject.top; y < subject.top + subject.height; y++) {
    for (let x = subject.left; x < subject.left + subject.width; x++) {
      rgba.set([255, 0, 0, 255], (y * W + x) * 4);
    }
  }
  // One soft edge pixel, as matting leaves them.
  rgba.set([10, 200, 30, 60], ((subject.top + 10) * W + subject.left) * 4);
  cutout = await sharp(rgba, { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toBuffer();
});

type Drawn = Composed & { data: Buffer; bands: number };

/** Composes and reads the pixels back (RGBA, or the one alpha band). */
async function compose(input: CompositeInput, options?: CompositeOptions): Promise<Drawn> {
  const c = await composite(input, options);
  const image = c.channels === 1 ? c.image() : c.image().ensureAlpha();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([c.width, c.height]);
  return { ...c, data, bands: info.channels };
}

function pixel(c: Drawn, x: number, y: number): number[] {
  const i = (y * c.width + x) * c.bands;
  return [...c.data.subarray(i, i + c.bands)];
}

const solid = (width: number, height: number, background: Color) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('composite', () => {
  it('on transparency keeps the cut-out as it is and reports the subject box', async () => {
    const out = await compose({ cutout });
    expect([out.width, out.height, out.channels, out.opaque]).toEqual([W, H, 4, false]);
    expect(out.foreground).toEqual(subject);
    expect(pixel(out, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(out, 100, 50)).toEqual([255, 0, 0, 255]);
    expect(pixel(out, subject.left, subject.top + 10)).toEqual([10, 200, 30, 60]);
  });

  it('fills a colour with its alpha behind the subject', async () => {
    const out = await compose(
      { cutout },
      { background: { kind: 'color', color: { r: 0, g: 0, b: 255, alpha: 0.5 } } },
    );
    expect(out.opaque).toBe(false);
    const [r, g, b, a] = pixel(out, 3, 3);
    expect([r, g, b]).toEqual([0, 0, 255]);
    expect(a).toBeGreaterThanOrEqual(127);
    expect(a).toBeLessThanOrEqual(128);
    expect(pixel(out, 100, 50)).toEqual([255, 0, 0, 255]);
    const opaque = await compose(
      { cutout },
      { background: { kind: 'color', color: { r: 0, g: 128, b: 0, alpha: 1 } } },
    );
    expect(opaque.opaque).toBe(true);
    expect(pixel(opaque, 199, 99)).toEqual([0, 128, 0, 255]);
  });

  it('puts an image behind, covering the frame or contained in it', async () => {
    const blue = await solid(40, 40, '#0000ff');
    const cover = await compose({ cutout }, { background: { kind: 'image', image: blue } });
    expect(cover.opaque).toBe(true);
    for (const [x, y] of [
      [0, 0],
      [199, 0],
      [0, 99],
      [199, 99],
    ] as const) {
      expect(pixel(cover, x, y)).toEqual([0, 0, 255, 255]);
    }
    expect(pixel(cover, 100, 50)).toEqual([255, 0, 0, 255]);
    // A square image contained in a 2:1 frame leaves its sides transparent.
    const contain = await compose(
      { cutout },
      { background: { kind: 'image', image: blue, fit: 'contain' } },
    );
    expect(contain.opaque).toBe(false);
    expect(pixel(contain, 2, 50)[3]).toBe(0);
    expect(pixel(contain, 100, 2)).toEqual([0, 0, 255, 255]);
  });

  it('blurs the original photo behind the subject', async () => {
    // Left half black, right half white: blurred, the sides stay dark and light and the middle
    // turns grey.
    const original = await sharp({
      create: { width: W, height: H, channels: 3, background: '#000000' },
    })
      .composite([{ input: await solid(W / 2, H, '#ffffff'), left: W / 2, top: 0 }])
      .png()
      .toBuffer();
    const out = await compose({ cutout, original }, { background: { kind: 'blur', amount: 4 } });
    expect(out.opaque).toBe(true);
    expect(pixel(out, 2, 95)[0]).toBeLessThan(40);
    expect(pixel(out, 197, 95)[0]).toBeGreaterThan(215);
    const middle = pixel(out, 100, 95)[0]!;
    expect(middle).toBeGreaterThan(60);
    expect(middle).toBeLessThan(195);
    expect(pixel(out, 100, 50)).toEqual([255, 0, 0, 255]);
    // The subject's own colours do not bleed into the blurred background: a red subject on a
    // white photo leaves white just beside it, where a plain blur would turn pink.
    const redOnWhite = await sharp({
      create: { width: W, height: H, channels: 3, background: '#ffffff' },
    })
      .composite([{ input: await solid(subject.width, subject.height, '#ff0000'), ...subject }])
      .png()
      .toBuffer();
    const clean = await compose(
      { cutout, original: redOnWhite },
      { background: { kind: 'blur', amount: 4 } },
    );
    const beside = pixel(clean, subject.left - 3, subject.top + 25);
    expect(beside[1]).toBeGreaterThan(225);
    expect(beside[2]).toBeGreaterThan(225);
    await expect(composite({ cutout }, { background: { kind: 'blur' } })).rejects.toThrow(
      /original image is needed/,
    );
  });

  it('casts a soft shadow that darkens the pixels just below the subject', async () => {
    const white = { kind: 'color', color: { r: 255, g: 255, b: 255, alpha: 1 } } as const;
    const plain = await compose({ cutout }, { background: white });
    const shadowed = await compose({ cutout }, { background: white, shadow: true });
    const below = subject.top + subject.height + 1;
    const x = subject.left + subject.width / 2;
    expect(pixel(plain, x, below)[0]).toBe(255);
    expect(pixel(shadowed, x, below)[0]).toBeLessThan(230);
    // Soft: it lightens gradually row by row, with no banding.
    for (let y = below; y < below + 8; y++) {
      const step = pixel(shadowed, x, y + 1)[0]! - pixel(shadowed, x, y)[0]!;
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThan(40);
    }
    // Far from the subject it is white as before, and the subject itself is unchanged.
    expect(pixel(shadowed, 2, 2)).toEqual([255, 255, 255, 255]);
    expect(pixel(shadowed, x, 50)).toEqual([255, 0, 0, 255]);
    // Stronger opacity, darker shadow.
    const strong = await compose({ cutout }, { background: white, shadow: { opacity: 1 } });
    expect(pixel(strong, x, below)[0]).toBeLessThan(pixel(shadowed, x, below)[0]!);
  });

  it('scales and positions the subject on the canvas', async () => {
    const out = await compose({ cutout }, { scale: 1, position: 'center' });
    // 2:1 subject on a 2:1 canvas at 100%: it fills the canvas.
    expect(out.foreground).toEqual({ left: 0, top: 0, width: W, height: H });
    expect(pixel(out, 1, 1)).toEqual([255, 0, 0, 255]);
    const small = await compose({ cutout }, { scale: 0.2, position: { x: 0, y: 1 } });
    expect(small.foreground).toEqual({ left: 0, top: 80, width: 40, height: 20 });
    expect(pixel(small, 20, 90)).toEqual([255, 0, 0, 255]);
    expect(pixel(small, 100, 50)[3]).toBe(0);
  });

  it('clears everything outside the region of interest', async () => {
    const out = await compose(
      { cutout },
      { roi: [{ percent: 50 }, { px: 0 }, { percent: 100 }, { percent: 100 }] },
    );
    expect(pixel(out, 60, 50)[3]).toBe(0);
    expect(pixel(out, 140, 50)).toEqual([255, 0, 0, 255]);
    expect(out.foreground).toEqual({ left: 100, top: 25, width: 50, height: 50 });
    // Pixels count the image as uploaded, also when the canvas is capped (here to 100×50).
    const capped = await compose(
      { cutout },
      { maxMegapixels: 0.005, roi: [{ px: 100 }, { px: 0 }, { px: 200 }, { px: 100 }] },
    );
    expect(capped.width).toBe(100);
    // The subject's right half (x 100–150 of 200) is x 50–75 of 100, give or take resampling.
    expect(capped.foreground.left).toBe(50);
    expect(Math.abs(capped.foreground.width - 25)).toBeLessThanOrEqual(1);
  });

  it('crops to the subject with one, two or four margins, reaching past the canvas with the background', async () => {
    const px = (n: number) => ({ px: n });
    const tight = await compose({ cutout }, { crop: true });
    expect([tight.width, tight.height]).toEqual([100, 50]);
    expect(tight.foreground).toEqual({ left: 0, top: 0, width: 100, height: 50 });
    const two = await compose(
      { cutout },
      { crop: true, cropMargin: [px(10), { percent: 20 }, px(10), { percent: 20 }] },
    );
    expect([two.width, two.height]).toEqual([100 + 2 * 20, 50 + 2 * 10]);
    const four = await compose(
      { cutout },
      {
        crop: true,
        cropMargin: [px(5), px(60), px(40), px(0)],
        background: { kind: 'color', color: { r: 0, g: 255, b: 0, alpha: 1 } },
      },
    );
    // The bottom margin (40) reaches 15 px past the canvas (subject ends at 75 of 100).
    expect([four.width, four.height]).toEqual([160, 95]);
    expect(four.foreground).toEqual({ left: 0, top: 5, width: 100, height: 50 });
    expect(pixel(four, 150, 90)).toEqual([0, 255, 0, 255]);
  });

  it('caps the canvas, answers the alpha alone, and refuses options out of range', async () => {
    const capped = await compose({ cutout }, { maxMegapixels: 0.005 });
    expect(capped.width * capped.height).toBeLessThanOrEqual(5000);
    expect(capped.width / capped.height).toBeCloseTo(2, 1);
    const alpha = await compose({ cutout }, { channels: 'alpha', crop: true });
    expect([alpha.channels, alpha.width, alpha.height]).toEqual([1, 100, 50]);
    expect(pixel(alpha, 10, 10)).toEqual([255]);
    await expect(composite({ cutout }, { scale: 0.05 })).rejects.toThrow(InvalidOptionsError);
    await expect(composite({ cutout }, { position: { x: 1.5, y: 0 } })).rejects.toThrow(
      InvalidOptionsError,
    );
    await expect(
      composite({ cutout }, { background: { kind: 'image', image: Buffer.from('not an image') } }),
    ).rejects.toThrow(/background image is not an image format/);
  });

  it('encodes JPEG on white, opaque PNG without alpha, and WebP with alpha', async () => {
    const out = await compose({ cutout });
    const jpeg = await encodeComposed(out, 'jpeg');
    const corner = await sharp(jpeg.data)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...corner].every((v) => v > 245)).toBe(true);
    const webp = await sharp((await encodeComposed(out, 'webp')).data).metadata();
    expect([webp.format, webp.hasAlpha]).toEqual(['webp', true]);
    const filled = await compose(
      { cutout },
      { background: { kind: 'color', color: { r: 1, g: 2, b: 3, alpha: 1 } } },
    );
    const png = await sharp((await encodeComposed(filled, 'png')).data).metadata();
    expect([png.format, png.hasAlpha, png.width]).toEqual(['png', false, W]);
    // Composited results too: opaque ones lose the alpha band, JPEG is on white.
    const blue = await solid(20, 20, '#0000ff');
    const covered = await composite({ cutout }, { background: { kind: 'image', image: blue } });
    const coverFile = (await encodeComposed(covered, 'png')).data;
    const coverPng = await sharp(coverFile).metadata();
    expect([coverPng.hasAlpha, coverPng.channels]).toEqual([false, 3]);
    const coverRaw = await sharp(coverFile).raw().toBuffer();
    expect([...coverRaw.subarray(0, 3)]).toEqual([0, 0, 255]);
    expect([...coverRaw.subarray((50 * W + 100) * 3, (50 * W + 100) * 3 + 3)]).toEqual([255, 0, 0]);
    const shadowed = await composite({ cutout }, { shadow: true });
    const shadowJpeg = await sharp((await encodeComposed(shadowed, 'jpeg')).data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(shadowJpeg.info.channels).toBe(3);
    expect([...shadowJpeg.data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
    const centre = (50 * W + 100) * 3;
    expect(shadowJpeg.data[centre]).toBeGreaterThan(235);
    expect(shadowJpeg.data[centre + 1]).toBeLessThan(20);
  });
});
