import type { ModelSpec } from './types.js';
import { isnet } from './isnet.js';
import { readImglyModel } from './imgly-weights.js';

// The same network with quint8 weights: half the file size. Kept for memory-constrained hosts;
// the measurements behind that are in docs/decisions/0011.
export const isnetQuint8: ModelSpec = {
  ...isnet,
  name: 'isnet-quint8',
  description: 'ISNet general use, quint8-quantised weights (44 MB): smaller, lower quality.',
  load: () => readImglyModel('/models/small'),
};
