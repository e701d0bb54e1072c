import '../no-telemetry.js';
import ort from 'onnxruntime-node';
import { InferenceError } from '../errors.js';
import type { LoadedModel, OutputTransform } from '../models/types.js';

/** The model's raw output as alpha in 0–1, by the spec's transform. */
export function outputAlpha(data: Float32Array, kind: OutputTransform): Float32Array {
  const out = new Float32Array(data.length);
  if (kind === 'minmax') {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < data.length; i++) {
      const v = data[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const range = max - min;
    // A flat output (no subject found anywhere) stays flat rather than dividing by zero.
    if (range < 1e-6) return out.fill(max > 0.5 ? 1 : 0);
    for (let i = 0; i < data.length; i++) out[i] = (data[i]! - min) / range;
    return out;
  }
  for (let i = 0; i < data.length; i++) {
    let v = data[i]!;
    if (kind === 'sigmoid') v = 1 / (1 + Math.exp(-v));
    out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
  }
  return out;
}

/** One inference; only the output the model spec names is fetched. Returns alpha in 0–1. */
export async function infer(
  model: LoadedModel,
  tensor: Float32Array,
  size: number,
): Promise<Float32Array> {
  const input = new ort.Tensor('float32', tensor, [1, 3, size, size]);
  let result: ort.InferenceSession.OnnxValueMapType;
  try {
    result = await model.session.run({ [model.inputName]: input }, [model.outputName]);
  } catch (cause) {
    throw new InferenceError(`The model "${model.spec.name}" failed: ${(cause as Error).message}`, {
      cause,
    });
  } finally {
    input.dispose();
  }
  const output = result[model.outputName];
  if (!output || output.type !== 'float32' || output.data.length !== size * size) {
    throw new InferenceError(
      `The model "${model.spec.name}" returned an output of unexpected shape; expected ${size}×${size} float32.`,
    );
  }
  const alpha = outputAlpha(output.data as Float32Array, model.spec.outputTransform);
  output.dispose();
  return alpha;
}
