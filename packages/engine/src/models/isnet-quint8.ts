import type { ModelSpec } from './types.js';
import { isnet } from './isnet.js';
import { readImglyModel } from './imgly-weights.js';

// The same network with quint8 weights. Slower than `isnet` on this CPU but its session peaks
// at about two thirds of the memory: kept for memory-constrained hosts (docs/decisions/0011).
export const isnetQuint8: ModelSpec = {
  ...isnet,
  name: 'isnet-quint8',
  description: 'ISNet general use, quint8 weights: slower, about a third less memory.',
  load: () => readImglyModel('/models/small'),
};
