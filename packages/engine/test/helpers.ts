import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { iou } from './synthetic.js';

export const OUTPUT_DIR = new URL('./.output/', import.meta.url).pathname;

/** Alpha (or the single grey channel) of an encoded output, as one byte per pixel. */
export async function alphaOf(
  encoded: Buffer,
): Promise<{ data: Buffer; width: number; height: number }> {
  const img = sharp(encoded);
  const meta = await img.metadata();
  const channel = meta.hasAlpha ? 3 : 0;
  const { data, info } = await img
    .extractChannel(channel)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Asserts IoU ≥ threshold; on failure writes the mask and the expected shape beside the test
 * output so a person can look at what went wrong.
 */
export async function expectMaskIoU(
  name: string,
  mask: { data: Buffer; width: number; height: number },
  expected: Buffer,
  threshold: number,
): Promise<number> {
  const score = iou(mask.data, expected);
  // Set CUTOUT_SHOW_IOU=1 to see the scores when re-measuring thresholds.
  if (process.env.CUTOUT_SHOW_IOU) console.warn(`IoU ${name}: ${score.toFixed(4)}`);
  if (score < threshold) {
    await mkdir(OUTPUT_DIR, { recursive: true });
    const raw = { raw: { width: mask.width, height: mask.height, channels: 1 as const } };
    await writeFile(
      join(OUTPUT_DIR, `${name}-mask.png`),
      await sharp(mask.data, raw).png().toBuffer(),
    );
    await writeFile(
      join(OUTPUT_DIR, `${name}-expected.png`),
      await sharp(expected, raw).png().toBuffer(),
    );
  }
  expect(
    score,
    `${name}: IoU ${score.toFixed(4)} (mask written to test/.output on failure)`,
  ).toBeGreaterThanOrEqual(threshold);
  return score;
}
