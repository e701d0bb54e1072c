import { describe, expect, it } from 'vitest';
import { blurSigma, joinBlurs, withBackgroundWeights } from './weighted-blur';

const px = (...values: number[]) => new Uint8ClampedArray(values);

describe('the weighted blur of the preview (the engine’s rule)', () => {
  it('weighs each pixel by how much it is background, squared', () => {
    // Subject, background, and a half-subject edge pixel; the photo's colours are kept.
    const photo = px(200, 30, 30, 255, 180, 210, 170, 255, 100, 100, 100, 255);
    const cutout = px(0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128);
    expect([...withBackgroundWeights(photo, cutout)]).toEqual([
      200, 30, 30, 0, 180, 210, 170, 255, 100, 100, 100, 63,
    ]);
  });

  it('takes the weighted colour where background is near, the plain blur where none is', () => {
    const weighted = px(180, 210, 170, 255, 180, 210, 170, 0, 180, 210, 170, 8);
    const plain = px(200, 100, 90, 255, 200, 100, 90, 255, 200, 100, 90, 255);
    const out = [...joinBlurs(weighted, plain)];
    // Full weight: (255·c + 8·plain) / 263, the background's colour within a few levels.
    expect(out.slice(0, 4)).toEqual([181, 207, 168, 255]);
    // No weight: the plain blur.
    expect(out.slice(4, 8)).toEqual([200, 100, 90, 255]);
    // As much weight as the fallback: halfway.
    expect(out.slice(8, 12)).toEqual([190, 155, 130, 255]);
  });

  it('blurs by 2% of the longer side, as the engine does by default', () => {
    expect(blurSigma(640, 480)).toBeCloseTo(12.8);
    expect(blurSigma(300, 600)).toBeCloseTo(12);
  });
});
