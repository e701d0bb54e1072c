import { describe, expect, it } from 'vitest';
import { alphaBytes } from './encode.js';
import { axisMap, boxMean, resizePlane } from './planes.js';
import { parseColour, resolveOptions } from './options.js';

function naiveBoxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let count = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          sum += src[yy * w + xx]!;
          count++;
        }
      }
      out[y * w + x] = sum / count;
    }
  }
  return out;
}

describe('planes', () => {
  it('boxMean matches a naive window mean, including borders and radii larger than the image', () => {
    for (const [w, h, r] of [
      [17, 9, 2],
      [5, 31, 4],
      [3, 3, 10],
      [1, 1, 3],
    ] as const) {
      const src = Float32Array.from({ length: w * h }, (_, i) => Math.sin(i * 1.3) * 10);
      const fast = boxMean(src, w, h, r, new Float32Array(w * h));
      const slow = naiveBoxMean(src, w, h, r);
      for (let i = 0; i < fast.length; i++) expect(fast[i]).toBeCloseTo(slow[i]!, 4);
    }
  });

  it('resizePlane keeps a constant plane constant and maps centres', () => {
    const out = resizePlane(new Float32Array(64).fill(0.25), 8, 8, 3, 20);
    expect(out.every((v) => Math.abs(v - 0.25) < 1e-6)).toBe(true);
    const map = axisMap(4, 2);
    expect([...map.i0]).toEqual([0, 0, 0, 1]);
    expect(map.f[1]).toBeCloseTo(0.25);
  });

  it('resizePlane to bytes rounds the float result, upscaling and shrinking', () => {
    const src = new Float32Array(16 * 16);
    for (let i = 0; i < src.length; i++) src[i] = ((i * 37) % 101) / 100;
    for (const [dw, dh] of [
      [53, 41],
      [4, 5],
    ] as const) {
      const floats = resizePlane(src, 16, 16, dw, dh);
      const bytes = resizePlane(src, 16, 16, dw, dh, new Uint8Array(dw * dh), 255);
      for (let i = 0; i < floats.length; i++) {
        expect(Math.abs(bytes[i]! - floats[i]! * 255), `${dw}×${dh} at ${i}`).toBeLessThanOrEqual(
          0.5 + 1e-3,
        );
      }
    }
    expect([...alphaBytes(new Float32Array(4).fill(1), 2, 3, 3)]).toEqual(new Array(9).fill(255));
    // Truncated to bytes as rembg does (0.5 × 255 = 127.5 → 127), then resized.
    expect([...alphaBytes(new Float32Array(4).fill(0.5), 2, 5, 1)]).toEqual(new Array(5).fill(127));
  });
});

describe('options', () => {
  it('parses colours and rejects nonsense', () => {
    expect(parseColour('#fff')).toEqual([255, 255, 255]);
    expect(parseColour('102030')).toEqual([16, 32, 48]);
    expect(() => parseColour('white')).toThrow(/#rgb or #rrggbb/);
  });

  it('validates variants, formats and limits', () => {
    expect(resolveOptions().variants).toEqual(['refined', 'white_bg', 'transparent_bg']);
    expect(() => resolveOptions({ format: 'jpeg' })).toThrow(/JPEG has no transparency/);
    expect(resolveOptions({ format: 'jpeg', variants: ['white_bg'] }).format).toBe('jpeg');
    expect(() => resolveOptions({ maxOutputMegapixels: -1 })).toThrow();
    expect(() => resolveOptions({ variants: [] })).toThrow();
  });
});
