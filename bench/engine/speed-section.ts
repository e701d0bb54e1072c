import ort from 'onnxruntime-node';
import type { LoadedModel } from '../../packages/engine/src/models/types.js';
import { runPipeline } from '../../packages/engine/src/pipeline/remove-background.js';
import { iou } from '../../packages/engine/test/synthetic.js';
import type { BenchImage } from './images.js';
import { alphaOf, tensorFor } from './pixels.js';
import { log, progress } from '../lib/cli.js';
import { median, ms, ratio, table } from './stats.js';

/** Sections 1 + 2: bare inference vs Cutout end to end, same session, alternating. */
export async function speedSection(
  model: LoadedModel,
  sized: BenchImage[],
  runs: number,
): Promise<void> {
  const rows: (string | number)[][] = [];
  const stageRows: (string | number)[][] = [];
  const cutoutMedians: Record<string, number> = {};
  for (const image of sized) {
    progress(`bare vs Cutout at ${image.name}`);
    const tensor = await tensorFor(image.file, model.spec);
    const input = new ort.Tensor('float32', tensor, [
      1,
      3,
      model.spec.inputSize,
      model.spec.inputSize,
    ]);
    await model.session.run({ input }, ['output']);
    await runPipeline(model, image.file);
    const bare: number[] = [];
    const total: number[] = [];
    const paired: number[] = [];
    const ownInference: number[] = [];
    const stages: Record<string, number[]> = {};
    let quality = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await model.session.run({ input }, ['output']);
      bare.push(performance.now() - t0);
      const result = await runPipeline(model, image.file);
      total.push(result.timings.totalMs);
      paired.push(result.timings.totalMs / bare.at(-1)!);
      ownInference.push(result.timings.totalMs / result.timings.inferenceMs);
      const t = result.timings;
      for (const [k, v] of Object.entries({
        decode: t.decodeMs,
        preprocess: t.preprocessMs,
        inference: t.inferenceMs,
        refine: t.refineMs,
        encode: t.encodeMs,
        refined: t.encodeByOutput.refined ?? 0,
        white_bg: t.encodeByOutput.white_bg ?? 0,
        transparent_bg: t.encodeByOutput.transparent_bg ?? 0,
      }))
        (stages[k] ??= []).push(v);
      if (i === 0) quality = iou(await alphaOf(result.outputs.refined!.data), image.scene.mask);
    }
    cutoutMedians[image.name] = median(total);
    rows.push([
      image.name,
      ms(median(bare)),
      ms(median(total)),
      ratio(median(total) / median(bare)),
      ratio(median(paired)),
      ratio(median(ownInference)),
      quality.toFixed(4),
    ]);
    const s = (k: string): string => ms(median(stages[k] ?? []));
    stageRows.push([
      image.name,
      s('decode'),
      s('preprocess'),
      s('inference'),
      s('refine'),
      s('encode'),
      `${s('refined')} / ${s('white_bg')} / ${s('transparent_bg')}`,
    ]);
  }
  log('## 1–2. Bare ISNet `session.run` vs Cutout end to end (decode → three PNG outputs)');
  log();
  log(
    table(
      [
        'image',
        'bare session.run',
        'Cutout end to end',
        'ratio of medians',
        'median paired ratio',
        'Cutout ÷ its own inference stage',
        'IoU refined vs truth',
      ],
      rows,
    ),
  );
  log();
  log(
    'Goals: ≤ 1.15× at 1 MP, ≤ 1.5× at 12 MP. The "own inference" ratio divides each run by the `session.run` inside that same run (the call the bare column times), so it is the least sensitive to other load on the machine.',
  );
  log();
  log('Cutout stages (medians; encodes run concurrently, per-output times overlap):');
  log();
  log(
    table(
      [
        'image',
        'decode',
        'preprocess',
        'inference',
        'refine + compose',
        'encode (wall)',
        'encode refined / white_bg / transparent_bg',
      ],
      stageRows,
    ),
  );
  log();
}
