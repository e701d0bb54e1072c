import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { removeBackground } from '../src/index.js';
import { alphaOf, expectMaskIoU } from './helpers.js';
import { encodeScene, makeScene } from './synthetic.js';

// The default model, once: a 1 MP scene with hair-like strokes. Measured IoU 0.99 (refined)
// and 0.985 (model alpha); 0.95 is the regression line.
describe('removeBackground with ISNet (default model)', () => {
  it('segments a 1 MP photo-like scene and refines its edges', async () => {
    const scene = await makeScene({ width: 1155, height: 866, seed: 2, hair: true });
    const result = await removeBackground(await encodeScene(scene));
    expect(result.model).toBe('isnet');
    const refined = await alphaOf(result.outputs.refined!.data);
    await expectMaskIoU('isnet-refined', refined, scene.mask, 0.95);
    await expectMaskIoU(
      'isnet-transparent',
      await alphaOf(result.outputs.transparent_bg!.data),
      scene.mask,
      0.95,
    );
    // Soft edges exist (the refinement produces partial alpha, not a binary cut-out).
    let partial = 0;
    for (const v of refined.data) if (v > 10 && v < 245) partial++;
    expect(partial).toBeGreaterThan(500);
    const white = await sharp(result.outputs.white_bg!.data).stats();
    expect(white.isOpaque).toBe(true);
  });
});
