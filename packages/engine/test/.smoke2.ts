import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { removeBackground } from '../src/pipeline/remove-background.js';
import { makeScene, encodeScene, iou } from './synthetic.js';
const model = process.argv[2] ?? 'u2netp';
const [w, h] = (process.argv[3] ?? '1155x866').split('x').map(Number) as [number, number];
const scene = await makeScene({ width: w, height: h, shape: 'ellipse', seed: 2, hair: true });
const jpg = await encodeScene(scene);
for (let i = 0; i < 3; i++) {
  const r = await removeBackground(jpg, { model });
  if (i === 0)
    for (const [k, v] of Object.entries(r.outputs))
      await writeFile(`test/.output/big-${model}-${k}.${v.format}`, v.data);
  const m = await sharp(r.outputs.refined!.data).extractChannel(3).raw().toBuffer();
  const t = r.timings;
  console.log(
    w,
    h,
    'iou',
    iou(m, scene.mask).toFixed(4),
    'dec',
    t.decodeMs.toFixed(0),
    'pre',
    t.preprocessMs.toFixed(0),
    'inf',
    t.inferenceMs.toFixed(0),
    'ref',
    t.refineMs.toFixed(0),
    'enc',
    t.encodeMs.toFixed(0),
    JSON.stringify(
      Object.fromEntries(Object.entries(t.encodeByOutput).map(([k, v]) => [k, Math.round(v)])),
    ),
    'total',
    t.totalMs.toFixed(0),
  );
}
