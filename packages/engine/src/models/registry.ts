import '../no-telemetry.js';
import ort from 'onnxruntime-node';
import { availableParallelism } from 'node:os';
import { EngineError, ModelLoadError, UnknownModelError } from '../errors.js';
import { customModel } from './custom.js';
import { isnet, isnetFast } from './isnet.js';
import { u2netp } from './u2netp.js';
import type { LoadedModel, ModelConfig, ModelSpec, SessionTuning } from './types.js';

export const DEFAULT_MODEL = 'isnet';

const builtIn: ReadonlyMap<string, ModelSpec> = new Map(
  [isnet, isnetFast, u2netp].map((spec) => [spec.name, spec]),
);

export interface ModelInfo {
  name: string;
  description: string;
  inputSize: number;
  default: boolean;
}

export function listModels(): ModelInfo[] {
  return [...builtIn.values()].map((spec) => ({
    name: spec.name,
    description: spec.description,
    inputSize: spec.inputSize,
    default: spec.name === DEFAULT_MODEL,
  }));
}

export function resolveModel(config: ModelConfig = DEFAULT_MODEL): ModelSpec {
  if (typeof config !== 'string') return customModel(config);
  const spec = builtIn.get(config);
  if (!spec) {
    throw new UnknownModelError(
      `There is no model named "${config}". Known models: ${[...builtIn.keys()].join(', ')}.`,
    );
  }
  return spec;
}

export function modelName(config: ModelConfig = DEFAULT_MODEL): string {
  return typeof config === 'string' ? config : resolveModel(config).name;
}

export async function loadModel(spec: ModelSpec, tuning: SessionTuning = {}): Promise<LoadedModel> {
  const source = await spec.load();
  let session: ort.InferenceSession;
  try {
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: tuning.intraOpNumThreads ?? Math.min(4, availableParallelism()),
      interOpNumThreads: tuning.interOpNumThreads ?? 1,
      executionMode: tuning.executionMode ?? 'sequential',
      graphOptimizationLevel: tuning.graphOptimizationLevel ?? 'all',
      // onnxruntime's defaults: the arena keeps the run's buffers for the next run instead of
      // returning them to the system and faulting them in again, 17–50% faster inference for
      // about 0.8 GB more resident per ISNet session (0015, 0066). Off for small-memory hosts.
      enableCpuMemArena: tuning.enableCpuMemArena ?? true,
      enableMemPattern: tuning.enableMemPattern ?? true,
      extra: {
        session: { intra_op: { allow_spinning: (tuning.allowSpinning ?? false) ? '1' : '0' } },
      },
    };
    session =
      typeof source === 'string'
        ? await ort.InferenceSession.create(source, options)
        : await ort.InferenceSession.create(source, options);
  } catch (cause) {
    if (cause instanceof EngineError) throw cause;
    throw new ModelLoadError(
      `Could not load the model "${spec.name}" into onnxruntime: ${(cause as Error).message}`,
      { cause },
    );
  }
  const inputName = spec.inputName ?? session.inputNames[0];
  const outputName = spec.outputName ?? session.outputNames[0];
  if (!inputName || !session.inputNames.includes(inputName)) {
    throw new ModelLoadError(`The model "${spec.name}" has no input named "${String(inputName)}".`);
  }
  if (!outputName || !session.outputNames.includes(outputName)) {
    throw new ModelLoadError(
      `The model "${spec.name}" has no output named "${String(outputName)}".`,
    );
  }
  return { spec, session, inputName, outputName };
}
