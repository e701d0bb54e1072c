import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { removeBackground } from '../src/index.js';
import { alphaOf, expectMaskIoU } from './helpers.js';
import { encodeScene, makeScene } from './synthetic.js';

// u2netp runs in well under a second here, so most pipeline behaviour is checked with real
// inference on it. Thresholds: measured IoU on these scenes is 0.98–0.999 (refined) and
// 0.977–0.988 (model alpha); 0.9 leaves room for onnxruntime and libvips version drift.
const model = 'u2netp';
const IOU = 0.9;

describe('removeBackground with u2netp', () => {
  it.each(['ellipse', 'rounded-rect'] as const)('segments a %s subject', async (shape) => {
    const scene = await makeScene({ width: 640, height: 480, shape, seed: 3, hair: true });
    const result = await removeBackground(await encodeScene(scene), { model });
    expect(result.width).toBe(640);
    expect(result.height).toBe(480);
    expect(Object.keys(result.outputs).sort()).toEqual(['refined', 'transparent_bg', 'white_bg']);
    await expectMaskIoU(
      `${shape}-refined`,
      await alphaOf(result.outputs.refined!.data),
      scene.mask,
      IOU,
    );
    await expectMaskIoU(
      `${shape}-transparent`,
      await alphaOf(result.outputs.transparent_bg!.data),
      scene.mask,
      IOU,
    );

    const white = await sharp(result.outputs.white_bg!.data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(white.info.channels).toBe(3);
    // The corner is background: it must be white, not the scene's colours.
    expect([...white.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    for (const t of ['decodeMs', 'preprocessMs', 'inferenceMs', 'refineMs', 'encodeMs'] as const) {
      expect(result.timings[t]).toBeGreaterThanOrEqual(0);
    }
    expect(result.timings.encodeByOutput.refined).toBeGreaterThan(0);
  });

  it('keeps foreground colours inside the subject and removes background bleed on edges', async () => {
    const scene = await makeScene({ width: 400, height: 300, seed: 5 });
    const result = await removeBackground(await encodeScene(scene, 'png'), {
      model,
      variants: ['refined'],
    });
    const refined = await sharp(result.outputs.refined!.data).raw().toBuffer();
    const centre = (150 * 400 + 200) * 4;
    const original = scene.rgb.subarray((150 * 400 + 200) * 3, (150 * 400 + 200) * 3 + 3);
    expect(refined[centre + 3]).toBe(255);
    expect(Math.abs(refined[centre]! - original[0]!)).toBeLessThanOrEqual(2);
  });

  it('applies EXIF orientation 6 (the result is rotated to upright)', async () => {
    const scene = await makeScene({ width: 480, height: 360, shape: 'rounded-rect', seed: 4 });
    const raw = { raw: { width: 480, height: 360, channels: 3 as const } };
    const jpeg = await sharp(scene.rgb, raw).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await removeBackground(jpeg, { model, variants: ['refined'] });
    expect([result.width, result.height]).toEqual([360, 480]);
    const expected = await sharp(scene.mask, { raw: { width: 480, height: 360, channels: 1 } })
      .rotate(90)
      .extractChannel(0)
      .raw()
      .toBuffer();
    await expectMaskIoU('exif-6', await alphaOf(result.outputs.refined!.data), expected, IOU);
  });

  it.each([
    ['CMYK JPEG', 'cmyk'],
    ['grayscale JPEG', 'b-w'],
  ] as const)('reads a %s', async (_label, space) => {
    const scene = await makeScene({ width: 480, height: 360, seed: 6 });
    const raw = { raw: { width: 480, height: 360, channels: 3 as const } };
    const input = await sharp(scene.rgb, raw).toColourspace(space).jpeg().toBuffer();
    expect((await sharp(input).metadata()).space).toBe(space === 'cmyk' ? 'cmyk' : 'b-w');
    const result = await removeBackground(input, { model, variants: ['refined', 'white_bg'] });
    const white = await sharp(result.outputs.white_bg!.data).metadata();
    expect(white.channels).toBe(3);
    await expectMaskIoU(
      `${space}-refined`,
      await alphaOf(result.outputs.refined!.data),
      scene.mask,
      IOU,
    );
  });

  it('ignores the input alpha channel', async () => {
    const scene = await makeScene({ width: 400, height: 300, seed: 7 });
    const raw = { raw: { width: 400, height: 300, channels: 3 as const } };
    const rgba = await sharp(scene.rgb, raw).ensureAlpha(0.2).png().toBuffer();
    const result = await removeBackground(rgba, { model, variants: ['transparent_bg'] });
    await expectMaskIoU(
      'input-alpha',
      await alphaOf(result.outputs.transparent_bg!.data),
      scene.mask,
      IOU,
    );
  });

  it('writes a mask only, crops to the subject, and honours format and background colour', async () => {
    const scene = await makeScene({ width: 600, height: 400, seed: 8 });
    const input = await encodeScene(scene);
    const mask = await removeBackground(input, { model, maskOnly: true });
    expect(Object.keys(mask.outputs)).toEqual(['mask']);
    const maskMeta = await sharp(mask.outputs.mask!.data).metadata();
    expect(maskMeta.channels).toBe(1);
    await expectMaskIoU('mask-only', await alphaOf(mask.outputs.mask!.data), scene.mask, IOU);

    const cropped = await removeBackground(input, {
      model,
      crop: true,
      cropMargin: 10,
      variants: ['refined'],
    });
    // The ellipse spans 52% × 66% of the frame; the crop hugs it plus the margin.
    expect(cropped.crop).toBeDefined();
    expect(cropped.width).toBeGreaterThan(600 * 0.5);
    expect(cropped.width).toBeLessThan(600 * 0.62);
    expect(cropped.height).toBeLessThan(400 * 0.8);
    expect(cropped.outputs.refined!.width).toBe(cropped.width);

    const jpeg = await removeBackground(input, {
      model,
      format: 'jpeg',
      variants: ['white_bg'],
      background: '#ff0000',
    });
    expect(jpeg.outputs.white_bg!.format).toBe('jpeg');
    const px = await sharp(jpeg.outputs.white_bg!.data).raw().toBuffer();
    expect(px[0]).toBeGreaterThan(240);
    expect(px[1]).toBeLessThan(20);

    const webp = await removeBackground(input, { model, format: 'webp', variants: ['refined'] });
    expect((await sharp(webp.outputs.refined!.data).metadata()).format).toBe('webp');
  });

  it('caps output megapixels', async () => {
    const scene = await makeScene({ width: 1200, height: 900, seed: 9 });
    const result = await removeBackground(await encodeScene(scene), {
      model,
      maxOutputMegapixels: 0.25,
      variants: ['transparent_bg'],
    });
    expect(result.width * result.height).toBeLessThanOrEqual(250_000);
    expect(result.width / result.height).toBeCloseTo(4 / 3, 1);
    expect([result.sourceWidth, result.sourceHeight]).toEqual([1200, 900]);
  });

  it('rejects JPEG for outputs with transparency', async () => {
    await expect(
      removeBackground(Buffer.from([1]), { model, format: 'jpeg' }),
    ).rejects.toMatchObject({
      code: 'invalid_options',
    });
  });
});
