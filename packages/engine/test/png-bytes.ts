import { deflateSync } from 'node:zlib';

// PNG files written byte by byte, for images sharp would take long to make or that lie.

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

/** A PNG with this header (8-bit, `channels` 1 = gray or 3 = RGB) and these compressed rows. */
export function pngFile(width: number, height: number, channels: 1 | 3, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, channels === 1 ? 0 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid, complete black grayscale PNG. 1 × 40,000,000 is the image of issue 17: 78 KB on
 * disk, 40 MP decoded (under the 50 MP cap), and minutes of work for the only worker.
 */
export function blackPng(width: number, height: number): Buffer {
  return pngFile(width, height, 1, deflateSync(Buffer.alloc((width + 1) * height), { level: 9 }));
}
