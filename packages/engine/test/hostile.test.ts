import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CorruptImageError,
  EmptyImageError,
  ImageTooLargeError,
  removeBackground,
  UnsupportedImageError,
} from '../src/index.js';
import { decode } from '../src/pipeline/decode.js';
import { encodeScene, makeScene } from './synthetic.js';

const model = 'u2netp';

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A ~1 KB PNG whose header claims 20000×20000 pixels of zeros: it would inflate to 1.2 GB. */
function decompressionBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(20001 * 3 * 16), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
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

  // Decision (docs/decisions/0013): tiny and extreme-aspect images are processed, not refused;
  // the model sees them stretched to its square input like any other image.
  it('processes a 1×1 image', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer();
    const result = await removeBackground(png, { model });
    expect([result.width, result.height]).toEqual([1, 1]);
    const meta = await sharp(result.outputs.refined!.data).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([1, 1, 4]);
  });

  it('processes a 20000×20 image', async () => {
    const png = await sharp({
      create: { width: 20000, height: 20, channels: 3, background: '#4080c0' },
    })
      .png()
      .toBuffer();
    const result = await removeBackground(png, { model });
    expect([result.width, result.height]).toEqual([20000, 20]);
    for (const output of Object.values(result.outputs)) {
      const meta = await sharp(output.data).metadata();
      expect([meta.width, meta.height]).toEqual([20000, 20]);
    }
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
