import { describe, expect, it } from 'vitest';
import { pilLanczosResize } from './pil-lanczos.js';

// The byte-for-byte check against Pillow runs offline (test/check-pil-lanczos.ts: every case
// identical with Debian's python3-pil 9.4.0, including 987 × 1481 → 1024² and photos). Here, in
// CI, the same implementation is held by Pillow's answers for one small image, written down
// from that check, and by properties any resize must have.

const W = 6;
const H = 4;
const image = Uint8Array.from({ length: W * H * 3 }, (_, i) => {
  const c = i % 3;
  const x = Math.floor(i / 3) % W;
  const y = Math.floor(i / 3 / W);
  return ((x * 37 + y * 91 + c * 53) * 7) % 256;
});

describe('pilLanczosResize', () => {
  it("gives Pillow's bytes, shrinking and enlarging (Pillow 9.4.0, Image.LANCZOS)", () => {
    expect([...pilLanczosResize(image, W, H, 3, 4, 3)]).toEqual([
      16, 161, 185, 40, 165, 189, 56, 170, 194, 59, 174, 198, 207, 176, 163, 112, 180, 167, 67, 185,
      172, 76, 189, 176, 163, 190, 140, 108, 194, 144, 82, 199, 149, 89, 203, 153,
    ]);
    expect([...pilLanczosResize(image, W, H, 3, 9, 5)]).toEqual([
      0, 105, 240, 0, 106, 241, 0, 109, 244, 0, 111, 246, 0, 113, 248, 0, 114, 249, 1, 116, 251, 4,
      119, 254, 5, 120, 255, 70, 218, 123, 69, 219, 124, 77, 222, 127, 105, 224, 129, 111, 226, 131,
      111, 227, 132, 114, 229, 134, 117, 232, 137, 118, 233, 138, 220, 175, 162, 228, 176, 163, 206,
      179, 166, 86, 181, 168, 66, 183, 170, 73, 184, 171, 71, 186, 173, 74, 189, 176, 75, 190, 177,
      213, 131, 200, 222, 132, 201, 195, 135, 204, 47, 137, 206, 22, 139, 208, 31, 140, 209, 28,
      142, 211, 30, 145, 214, 31, 146, 215, 110, 244, 83, 110, 245, 84, 116, 248, 87, 132, 250, 89,
      137, 252, 91, 137, 253, 92, 140, 255, 94, 143, 255, 97, 144, 255, 98,
    ]);
  });

  it('keeps a flat image flat and an unchanged size unchanged', () => {
    const flat = new Uint8Array(50 * 30).fill(173);
    for (const [w, h] of [
      [1024, 1024],
      [7, 300],
      [13, 5],
    ] as const) {
      const out = pilLanczosResize(flat, 50, 30, 1, w, h);
      expect(out.length).toBe(w * h);
      expect(out.every((v) => v === 173)).toBe(true);
    }
    const same = pilLanczosResize(image, W, H, 3, W, H);
    expect([...same]).toEqual([...image]);
    expect(same).not.toBe(image);
  });

  it('refuses pixels that do not match the size', () => {
    expect(() => pilLanczosResize(image, W + 1, H, 3, 2, 2)).toThrow(RangeError);
  });
});
