import sharp from 'sharp';
import { decode } from '../../packages/engine/src/pipeline/decode.js';
import { preprocess } from '../../packages/engine/src/pipeline/preprocess.js';
import type { ModelSpec } from '../../packages/engine/src/models/types.js';

// The pixels the sections compare: a result's alpha plane, and a model's input tensor.

export async function alphaOf(png: Buffer): Promise<Buffer> {
  return sharp(png).extractChannel(3).raw().toBuffer();
}

export async function tensorFor(file: Buffer, spec: ModelSpec): Promise<Float32Array> {
  const image = await decode(file);
  const pre = await preprocess(image, spec.inputSize, spec.normalisation);
  return pre.tensor;
}
