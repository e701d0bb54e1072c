import { readFile } from 'node:fs/promises';
import { InvalidOptionsError, ModelChecksumError, ModelLoadError } from '../errors.js';
import { downloadModel, sha256Hex } from './download.js';
import type { CustomModelConfig, ModelSpec } from './types.js';

// rembg's default for U²-Net-style custom models (u2net_custom): the brightest value divides,
// then ImageNet mean/std.
const IMAGENET = {
  divisor: 'max',
  mean: [0.485, 0.456, 0.406],
  std: [0.229, 0.224, 0.225],
} as const;

/** Any other ONNX model, from a file path or an https URL given in configuration. */
export function customModel(config: CustomModelConfig): ModelSpec {
  if (!config.path === !config.url) {
    throw new InvalidOptionsError('A custom model needs exactly one of `path` or `url`.');
  }
  if (!Number.isInteger(config.inputSize) || config.inputSize < 16 || config.inputSize > 4096) {
    throw new InvalidOptionsError(
      'A custom model needs an integer `inputSize` between 16 and 4096.',
    );
  }
  const source = config.path ?? config.url ?? '';
  return {
    name: config.name ?? `custom:${source}`,
    description: `Custom ONNX model from ${source}`,
    inputSize: config.inputSize,
    normalisation: config.normalisation ?? IMAGENET,
    inputName: config.inputName,
    outputName: config.outputName,
    outputTransform: config.outputTransform ?? 'minmax',
    load: async () => {
      if (config.url) {
        return downloadModel({
          url: config.url,
          sha256: config.sha256,
          cacheDir: config.cacheDir,
          allowInsecureLoopback: config.allowInsecureLoopback,
        });
      }
      const path = config.path ?? '';
      let data: Uint8Array;
      try {
        data = await readFile(path);
      } catch (cause) {
        throw new ModelLoadError(
          `Could not read the model file ${path}: ${(cause as Error).message}`,
          {
            cause,
          },
        );
      }
      if (config.sha256 && sha256Hex(data) !== config.sha256.toLowerCase()) {
        throw new ModelChecksumError(
          `The model file ${path} does not match the configured sha256.`,
        );
      }
      return data;
    },
  };
}
