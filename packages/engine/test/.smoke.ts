import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { removeBackground } from '../src/pipeline/remove-background.js';
import { makeScene, encodeScene, iou } from './synthetic.js';
const model = process.argv[2] ?? 'u2netp';
for (const [i, shape] of (['ellipse', 'rounded-rect'] as const).entries()) {
  const scene = await makeScene({ width: 800, height: 600, shape, seed: i + 1, hair: true });
  const jpg = await encodeScene(scene);
  await writeFile(`test/.output/scene-${shape}.jpg`, jpg);
  const r = await removeBackground(jpg, {
    model,
    variants: ['refined', 'white_bg', 'transparent_bg'],
  });
  for (const [k, v] of Object.entries(r.outputs))
    await writeFile(`test/.output/${model}-${shape}-${k}.${v.format}`, v.data);
  const m = await sharp(r.outputs.refined!.data).extractChannel(3).raw().toBuffer();
  const t = await sharp(r.outputs.transparent_bg!.data).extractChannel(3).raw().toBuffer();
  console.log(
    model,
    shape,
    'iou refined',
    iou(m, scene.mask).toFixed(4),
    'iou model',
    iou(t, scene.mask).toFixed(4),
    JSON.stringify(r.timings),
  );
}
