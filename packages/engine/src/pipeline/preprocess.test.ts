import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isnet, isnetFast } from '../models/isnet.js';
import { resolveModel } from '../models/registry.js';
import { u2netp } from '../models/u2netp.js';
import { outputAlpha } from './infer.js';
import { modelTensor, preprocess } from './preprocess.js';
import { REMBG_ISNET, rembgTensor } from '../../test/bare-inference.js';

// The model's input and output transform follow rembg's recipe for the same weights
// (docs/decisions/0140). Each expectation below is written from rembg's sessions, not from the
// engine's registry, and fails on the transform the engine used before (imgly's: bilinear
// resize, (v − 128) / 256, clamped output).

const IMAGENET_MEAN = [0.485, 0.456, 0.406];

describe('model input normalisation', () => {
  it('ISNet: divided by the brightest value, ImageNet mean, std 1 (rembg isnet-general-use)', () => {
    // One 2×2 image whose brightest value is 200.
    const rgb = Uint8Array.from([200, 100, 0, 50, 50, 50, 0, 0, 0, 10, 20, 30]);
    const tensor = modelTensor(rgb, 2, isnet.normalisation);
    const at = (c: number, i: number) => tensor[c * 4 + i]!;
    expect(at(0, 0)).toBeCloseTo(200 / 200 - IMAGENET_MEAN[0]!, 6);
    expect(at(1, 0)).toBeCloseTo(100 / 200 - IMAGENET_MEAN[1]!, 6);
    expect(at(2, 0)).toBeCloseTo(0 - IMAGENET_MEAN[2]!, 6);
    expect(at(2, 3)).toBeCloseTo(30 / 200 - IMAGENET_MEAN[2]!, 6);
  });

  it('U²-Netp: divided by the brightest value, ImageNet mean and std (rembg u2netp)', () => {
    const rgb = Uint8Array.from([255, 128, 64]);
    const tensor = modelTensor(rgb, 1, u2netp.normalisation);
    expect(tensor[0]).toBeCloseTo((1 - 0.485) / 0.229, 5);
    expect(tensor[1]).toBeCloseTo((128 / 255 - 0.456) / 0.224, 5);
    expect(tensor[2]).toBeCloseTo((64 / 255 - 0.406) / 0.225, 5);
  });

  it('a black image divides by a tiny number rather than by zero', () => {
    const tensor = modelTensor(new Uint8Array(3), 1, isnet.normalisation);
    expect([...tensor].map((v) => Number(v.toFixed(3)))).toEqual(
      IMAGENET_MEAN.map((m) => Number((-m).toFixed(3))),
    );
  });

  it('every built-in model and the custom default get rembg’s recipe for their weights', () => {
    const rembg = {
      isnet: { size: 1024, std: [1, 1, 1] },
      'isnet-fast': { size: 768, std: [1, 1, 1] },
      u2netp: { size: 320, std: [0.229, 0.224, 0.225] },
    };
    for (const [name, expected] of Object.entries(rembg)) {
      const spec = resolveModel(name);
      expect(spec.inputSize, name).toBe(expected.size);
      expect(spec.normalisation, name).toEqual({
        divisor: 'max',
        mean: IMAGENET_MEAN,
        std: expected.std,
      });
      expect(spec.outputTransform, name).toBe('minmax');
    }
    expect(isnetFast.normalisation).toEqual(isnet.normalisation);
    const custom = resolveModel({ path: '/nowhere.onnx', inputSize: 320 });
    expect(custom.normalisation).toEqual(u2netp.normalisation);
    expect(custom.outputTransform).toBe('minmax');
  });
});

describe('model input resize', () => {
  // The reference run's input (test/bare-inference.ts), written from rembg: PIL's LANCZOS.
  const striped = (width: number, height: number) => {
    const rgb = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        rgb[i] = x % 3 === 0 ? 250 : 20;
        rgb[i + 1] = (x * 2 + y) % 256;
        rgb[i + 2] = y % 4 < 2 ? 240 : 30;
      }
    }
    return { rgb, width, height, sourceWidth: width, sourceHeight: height, format: 'raw' };
  };

  // Portrait, landscape, rembg's plants-1 shape, a large photo: each axis shrinks or grows by
  // its own factor, which is where PIL's per-axis support and libvips' lanczos3 part.
  it.each([
    [300, 1400],
    [1400, 300],
    [987, 1481],
    [4000, 3000],
    [97, 61],
  ])('stretches a %i × %i photo to the model side exactly as rembg does', async (w, h) => {
    const image = striped(w, h);
    const pre = await preprocess(image, 1024, isnet.normalisation);
    const expected = rembgTensor(REMBG_ISNET, image.rgb, w, h);
    let worst = 0;
    for (let i = 0; i < expected.length; i++) {
      worst = Math.max(worst, Math.abs(pre.tensor[i]! - expected[i]!));
    }
    expect(worst).toBe(0);
    // libvips' lanczos3, the resize before, is another filter: the check can tell them apart.
    const vips = await sharp(image.rgb, { raw: { width: w, height: h, channels: 3 } })
      .resize(1024, 1024, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    const before = modelTensor(vips, 1024, isnet.normalisation);
    let moved = 0;
    for (let i = 0; i < before.length; i++) if (before[i] !== expected[i]) moved++;
    expect(moved).toBeGreaterThan(expected.length / 100);
  });
});

describe('model output to alpha', () => {
  it('ISNet: min-max normalised, so an output peaking below 1 keeps its subject opaque', () => {
    // The model unsure everywhere: its output peaks at 0.6. rembg stretches it to 0–1.
    const raw = Float32Array.from([0.02, 0.2, 0.31, 0.45, 0.6]);
    const alpha = outputAlpha(raw, isnet.outputTransform);
    expect(alpha[0]).toBeCloseTo(0, 6);
    expect(alpha[4]).toBeCloseTo(1, 6);
    // A soft pixel at 0.45 of a 0.6 peak is foreground (≥ 0.5), not darkened to 0.45.
    expect(alpha[3]).toBeCloseTo((0.45 - 0.02) / 0.58, 5);
    expect(alpha[3]!).toBeGreaterThan(0.5);
  });

  it('a flat output stays flat: all foreground or all background', () => {
    expect([...outputAlpha(new Float32Array(4).fill(0.9), 'minmax')]).toEqual([1, 1, 1, 1]);
    expect([...outputAlpha(new Float32Array(4).fill(0.1), 'minmax')]).toEqual([0, 0, 0, 0]);
  });
});
