import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CorruptImageError,
  EmptyImageError,
  ExtremeAspectRatioError,
  ImageTooLargeError,
  removeBackground,
  UnsupportedImageError,
} from '../src/index.js';
import { decode } from '../src/pipeline/decode.js';
import { blackPng, pngFile } from './png-bytes.js';
import { encodeScene, makeScene } from './synthetic.js';

const model = 'u2netp';

/** A ~1 KB PNG whose header claims 20000×20000 pixels of zeros: it would inflate to 1.2 GB. */
function decompressionBomb(): Buffer {
  return pngFile(20000, 20000, 3, deflateSync(Buffer.alloc(20001 * 3 * 16), { level: 9 }));
}

describe('hostile input ends in a typed error or a valid result', () => {
  it('refuses a zero-byte file', async () => {
    const error = await removeBackground(Buffer.alloc(0), { model }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmptyImageError);
    expect(error).toMatchObject({ code: 'empty_image' });
  });

  it('refuses a decompression bomb from its header, with the size in the message', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(10_000);
    const error = await removeBackground(bomb, { model }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as Error).message).toBe(
      'This image is 20000×20000 pixels (400 MP); the limit is 50 MP.',
    );
  });

  it('honours a configured pixel limit', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    await expect(decode(png, { limitInputPixels: 50_000 })).rejects.toThrow(
      'This image is 300×200 pixels (0.06 MP); the limit is 0.05 MP.',
    );
    await expect(decode(png, { limitInputPixels: 60_000 })).resolves.toMatchObject({ width: 300 });
  });

  it('reports a truncated JPEG and a truncated PNG as corrupt', async () => {
    const scene = await makeScene({ width: 320, height: 240, seed: 2 });
    for (const format of ['jpeg', 'png'] as const) {
      const whole = await encodeScene(scene, format);
      const error = await removeBackground(whole.subarray(0, Math.floor(whole.length / 2)), {
        model,
      }).catch((e: unknown) => e);
      expect(error, format).toBeInstanceOf(CorruptImageError);
      expect(error).toMatchObject({ code: 'corrupt_image' });
    }
  });

  it('reports a file that claims to be PNG but is not as corrupt', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    await expect(removeBackground(fake, { model })).rejects.toBeInstanceOf(CorruptImageError);
  });

  it('reports text, random bytes and SVG as unsupported', async () => {
    const inputs = [
      Buffer.from('name,price\nshirt,12\n'),
      Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 251)),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ];
    for (const input of inputs) {
      const error = await removeBackground(input, { model }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnsupportedImageError);
      expect((error as Error).message).toMatch(/JPEG, PNG, WebP, AVIF, TIFF or GIF/);
    }
  });

  // Decision (docs/decisions/0013): tiny images are processed, not refused; the model sees them
  // stretched to its square input like any other image.
  it('processes a 1×1 image', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer();
    const result = await removeBackground(png, { model });
    expect([result.width, result.height]).toEqual([1, 1]);
    const meta = await sharp(result.outputs.refined!.data).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([1, 1, 4]);
  });

  // Issue 17: this 78 KB file kept the only worker busy for 206 s. It is under the pixel cap;
  // its longest side is what gives it away, read from the header before anything is decoded.
  it('refuses the 1 × 40,000,000 PNG by its longest side, before decoding it', async () => {
    const needle = blackPng(1, 40_000_000);
    expect(needle.length).toBeLessThan(100_000);
    const started = performance.now();
    const error = await removeBackground(needle, { model }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as Error).message).toBe(
      'This image is 1 × 40,000,000 pixels: its longest side may be at most 12,000 pixels.',
    );
    // Refused from the header: decoding 40 million rows alone takes seconds.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses an image whose side or aspect ratio is beyond the configured limits', async () => {
    const strip = await sharp({
      create: { width: 2100, height: 100, channels: 3, background: '#4080c0' },
    })
      .png()
      .toBuffer();
    const error = await removeBackground(strip, { model }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtremeAspectRatioError);
    expect(error).toMatchObject({ code: 'extreme_aspect_ratio' });
    expect((error as Error).message).toBe(
      'This image is 2,100 × 100 pixels: its long side may be at most 20 times its short side (this one is 21 times).',
    );
    await expect(decode(strip, { maxAspectRatio: 25 })).resolves.toMatchObject({ width: 2100 });
    await expect(decode(strip, { maxInputSide: 2000, maxAspectRatio: 25 })).rejects.toThrow(
      'This image is 2,100 × 100 pixels: its longest side may be at most 2,000 pixels.',
    );
    const tall = await sharp({
      create: { width: 100, height: 2100, channels: 3, background: '#4080c0' },
    })
      .png()
      .toBuffer();
    await expect(decode(tall)).rejects.toBeInstanceOf(ExtremeAspectRatioError);
  });

  it('processes an image at exactly the side and aspect limits', async () => {
    const png = await sharp({
      create: { width: 12000, height: 600, channels: 3, background: '#4080c0' },
    })
      .png()
      .toBuffer();
    const result = await removeBackground(png, { model, variants: ['transparent_bg'] });
    expect([result.width, result.height]).toEqual([12000, 600]);
    const meta = await sharp(result.outputs.transparent_bg!.data).metadata();
    expect([meta.width, meta.height]).toEqual([12000, 600]);
  });

  it('decodes WebP, AVIF, TIFF and the first frame of an animated GIF', async () => {
    const scene = await makeScene({ width: 64, height: 48, seed: 1 });
    const raw = { raw: { width: 64, height: 48, channels: 3 as const } };
    for (const format of ['webp', 'avif', 'tiff'] as const) {
      const file = await sharp(scene.rgb, raw).toFormat(format).toBuffer();
      const decoded = await decode(file);
      expect([decoded.width, decoded.height, decoded.rgb.length], format).toEqual([
        64,
        48,
        64 * 48 * 3,
      ]);
    }
    const frame = (background: string): Promise<Buffer> =>
      sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#c8c8c8'), await frame('#141414')], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const decoded = await decode(animated);
    expect([decoded.width, decoded.height]).toEqual([64, 48]);
    expect(decoded.rgb[0]).toBeGreaterThan(150);
  });
});
