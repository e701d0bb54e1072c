import ort from 'onnxruntime-node';
import { availableParallelism } from 'node:os';
import { readImglyModel } from '../../packages/engine/src/models/imgly-weights.js';
import { widenedModelBytes } from '../../packages/engine/src/models/onnx-graph.js';
import { loadModel, resolveModel } from '../../packages/engine/src/models/registry.js';
import type { LoadedModel } from '../../packages/engine/src/models/types.js';
import { runPipeline } from '../../packages/engine/src/pipeline/remove-background.js';
import { iou } from '../../packages/engine/test/synthetic.js';
import type { BenchImage } from './images.js';
import { tensorFor } from './pixels.js';
import { log, progress } from '../lib/cli.js';
import { median, ms, ratio, table } from './stats.js';

type Variant = {
  name: string;
  bytes: Uint8Array;
  options: ort.InferenceSession.SessionOptions;
  fetchAll?: boolean;
};

/** Section 6: what makes inference itself faster on this CPU, each variant alternated with the baseline. */
export async function inferenceSection(
  model: LoadedModel,
  reference: BenchImage,
  runs: number,
): Promise<void> {
  progress('inference experiments');
  const tensor = await tensorFor(reference.file, model.spec);
  const fp16 = await readImglyModel('/models/medium');
  const t0 = performance.now();
  const fp32 = widenedModelBytes(fp16);
  const convertMs = performance.now() - t0;
  const threads = Math.min(4, availableParallelism());
  // Spinning is off in every session here: two live sessions alternating would otherwise steal
  // each other's cores while their idle threads spin. Spinning itself is measured separately.
  const noSpin = { session: { intra_op: { allow_spinning: '0' } } };
  const base: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: false,
    enableMemPattern: false,
    extra: noSpin,
  };
  const variants: Variant[] = [
    {
      name: `fp32 weights (converted at load in ${Math.round(convertMs)} ms)`,
      bytes: fp32,
      options: base,
    },
    {
      name: 'graphOptimizationLevel basic',
      bytes: fp16,
      options: { ...base, graphOptimizationLevel: 'basic' },
    },
    {
      name: 'graphOptimizationLevel extended',
      bytes: fp16,
      options: { ...base, graphOptimizationLevel: 'extended' },
    },
    {
      name: 'executionMode parallel, interOp 2',
      bytes: fp16,
      options: { ...base, executionMode: 'parallel', interOpNumThreads: 2 },
    },
    { name: 'intraOpNumThreads 1', bytes: fp16, options: { ...base, intraOpNumThreads: 1 } },
    {
      name: 'enableCpuMemArena + enableMemPattern on',
      bytes: fp16,
      options: { ...base, enableCpuMemArena: true, enableMemPattern: true },
    },
    { name: 'fetch all 12 outputs instead of one', bytes: fp16, options: base, fetchAll: true },
    {
      name: 'fp32 weights + graphOptimizationLevel extended',
      bytes: fp32,
      options: { ...base, graphOptimizationLevel: 'extended' },
    },
    {
      name: 'fp32 weights + enableCpuMemArena + enableMemPattern on',
      bytes: fp32,
      options: { ...base, enableCpuMemArena: true, enableMemPattern: true },
    },
  ];
  const input = new ort.Tensor('float32', tensor, [1, 3, 1024, 1024]);
  const baseline = await ort.InferenceSession.create(fp16, base);
  const refOut = (await baseline.run({ input }, ['output'])).output!.data as Float32Array;
  const toMask = (data: Float32Array): Uint8Array =>
    Uint8Array.from(data, (v) => (v >= 0.5 ? 255 : 0));
  const refMask = toMask(refOut);
  const expRows: (string | number)[][] = [];
  for (const variant of variants) {
    progress(variant.name);
    const session = await ort.InferenceSession.create(variant.bytes, variant.options);
    const fetch = variant.fetchAll ? session.outputNames : ['output'];
    const out = (await session.run({ input }, fetch)).output!.data as Float32Array;
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      await baseline.run({ input }, ['output']);
      a.push(performance.now() - t);
      t = performance.now();
      await session.run({ input }, fetch);
      b.push(performance.now() - t);
    }
    let maxDiff = 0;
    for (let i = 0; i < out.length; i++)
      maxDiff = Math.max(maxDiff, Math.abs(out[i]! - refOut[i]!));
    expRows.push([
      variant.name,
      ms(median(a)),
      ms(median(b)),
      ratio(median(b) / median(a)),
      iou(toMask(out), refMask).toFixed(5),
      maxDiff.toExponential(1),
    ]);
    await session.release();
  }
  await baseline.release();
  log('## 6. Inference on this CPU: each attempt alternated with the baseline');
  log();
  log(
    `Baseline: fp16 weights as shipped, graphOptimizationLevel all, sequential, intraOp ${threads}, interOp 1, memory arena and memory pattern off, no spinning, fetch only \`output\`.`,
  );
  log();
  log(
    table(
      [
        'attempt',
        'baseline',
        'attempt',
        'attempt / baseline',
        'mask IoU vs baseline',
        'max |Δalpha|',
      ],
      expRows,
    ),
  );
  log();
}

/**
 * Spinning cannot be alternated fairly (a spinning idle session slows the other), so it is
 * measured in blocks with one session alive at a time, on Cutout's whole pipeline.
 */
export async function spinningSection(reference: BenchImage, runs: number): Promise<void> {
  progress('spinning on/off, end to end, in blocks');
  const spin: Record<string, { infer: number[]; total: number[] }> = {
    on: { infer: [], total: [] },
    off: { infer: [], total: [] },
  };
  for (let block = 0; block < 2; block++) {
    for (const mode of ['on', 'off'] as const) {
      const loaded = await loadModel(resolveModel('isnet'), { allowSpinning: mode === 'on' });
      await runPipeline(loaded, reference.file);
      for (let i = 0; i < runs; i++) {
        const r = await runPipeline(loaded, reference.file);
        spin[mode]!.infer.push(r.timings.inferenceMs);
        spin[mode]!.total.push(r.timings.totalMs);
      }
      await loaded.session.release();
    }
  }
  log(
    `Spinning of idle intra-op threads, Cutout end to end at ${reference.name} (blocks, one session alive at a time):`,
  );
  log();
  log(
    table(
      ['allow_spinning', 'inference', 'end to end', 'end-to-end ratio'],
      (['on', 'off'] as const).map((mode) => [
        mode,
        ms(median(spin[mode]!.infer)),
        ms(median(spin[mode]!.total)),
        ratio(median(spin[mode]!.total) / median(spin.on!.total)),
      ]),
    ),
  );
  log();
}
