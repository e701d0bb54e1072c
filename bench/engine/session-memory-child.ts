import ort from 'onnxruntime-node';
import { availableParallelism } from 'node:os';
import { readImglyModel } from '../../packages/engine/src/models/imgly-weights.js';
import { widenedModelBytes } from '../../packages/engine/src/models/onnx-graph.js';

// Peak resident memory of one ISNet session doing two inferences, alone in a process, for one
// combination of weights and session options.
const variant = process.argv[2] ?? 'baseline';
const small = variant.includes('quint8');
const shipped = await readImglyModel(small ? '/models/small' : '/models/medium');
const bytes = variant.includes('fp32') ? widenedModelBytes(shipped) : shipped;
const session = await ort.InferenceSession.create(bytes, {
  intraOpNumThreads: Math.min(4, availableParallelism()),
  graphOptimizationLevel: 'all',
  enableCpuMemArena: !variant.includes('no-arena'),
  enableMemPattern: !variant.includes('no-mempattern'),
  extra: { session: { intra_op: { allow_spinning: '0' } } },
});
const input = new ort.Tensor(
  'float32',
  new Float32Array(3 * 1024 * 1024).fill(0.1),
  [1, 3, 1024, 1024],
);
const times: number[] = [];
for (let i = 0; i < 2; i++) {
  const t0 = performance.now();
  await session.run({ input }, ['output']);
  times.push(performance.now() - t0);
}
console.log(
  JSON.stringify({
    variant,
    maxRss: process.resourceUsage().maxRSS * 1024,
    rssAfter: process.memoryUsage().rss,
    times,
  }),
);
