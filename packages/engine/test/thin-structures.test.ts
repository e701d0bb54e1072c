import { describe, expect, it } from 'vitest';
import { getModel, runPipeline } from '../src/pipeline/remove-background.js';
import { bareIsnetAlpha } from './bare-inference.js';
import { alphaOf, expectMaskIoU } from './helpers.js';
import { makeThinScene, thinSceneNames } from './thin-scenes.js';

// Leaves, spokes, wires and hair against bare inference on the same weights: the stages
// around the model (resizing, refinement, colour) must never remove what the model found.
// "Bare" (bare-inference.ts) is written independently of the pipeline.

async function bareInference(png: Buffer): Promise<Buffer> {
  return (await bareIsnetAlpha((await getModel('isnet')).session, png)).alpha;
}

/** Share of the pixels bare inference calls foreground (≥ 50%) that the output keeps. */
function recall(output: Uint8Array, bare: Uint8Array): number {
  let found = 0;
  let kept = 0;
  for (let i = 0; i < bare.length; i++) {
    if (bare[i]! < 128) continue;
    found++;
    if (output[i]! >= 128) kept++;
  }
  return found === 0 ? 1 : kept / found;
}

describe('thin structures: the pipeline keeps what bare ISNet inference finds', () => {
  for (const name of thinSceneNames) {
    it(`${name}: transparent_bg and refined keep the model's foreground`, async () => {
      const png = await makeThinScene(name);
      const bare = await bareInference(png);
      const result = await runPipeline(await getModel('isnet'), png);
      const transparent = await alphaOf(result.outputs.transparent_bg!.data);
      const refined = await alphaOf(result.outputs.refined!.data);

      // Measured 2026-11-23: transparent IoU 0.984–0.993 and recall ≥ 0.999; refined IoU
      // 0.969–0.986 and recall ≥ 0.999 (before the model-alpha floor, refined kept only
      // 0.884–0.973 of it: the wheel lost 12% of its spokes).
      await expectMaskIoU(`thin-${name}-transparent`, transparent, bare, 0.97);
      await expectMaskIoU(`thin-${name}-refined`, refined, bare, 0.95);
      expect(
        recall(transparent.data, bare),
        'transparent_bg recall of bare',
      ).toBeGreaterThanOrEqual(0.99);
      expect(recall(refined.data, bare), 'refined recall of bare').toBeGreaterThanOrEqual(0.99);
    });
  }
});
