import '../no-telemetry.js';
import { workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { serializeError } from '../errors.js';
import { getModel, runPipeline } from '../pipeline/remove-background.js';
import { touchUp } from '../pipeline/touch-up.js';
import type { ToCaller, ToWorker, WorkerConfig, WorkerReply, WorkerTask } from './protocol.js';

// One ONNX session per worker thread, created when the thread starts (so the first image does
// not pay for it) and reused for every task the thread runs.
const config = workerData as WorkerConfig;
// Every upload is a new image: libvips' operation cache would only hold on to memory.
sharp.cache(false);
const model = getModel(config.model, config.session);
model.catch(() => {
  // Reported to the first task that needs the model; retried then.
});

export default async function processImage(task: WorkerTask): Promise<WorkerReply> {
  const { port } = task;
  const controller = new AbortController();
  const send = (message: ToCaller): void => port?.postMessage(message);
  port?.on('message', (message: ToWorker) => {
    if (message.type === 'cancel') controller.abort();
  });
  try {
    send({ type: 'started' });
    if (task.kind === 'touch-up') {
      const result = await touchUp(task.input, task.mask, task.options, controller.signal);
      return { ok: true, result };
    }
    const loaded = await getModel(config.model, config.session);
    const result = await runPipeline(loaded, task.input, task.options, {
      signal: controller.signal,
      onProgress: (stage, fraction) => send({ type: 'progress', stage, fraction }),
    });
    return { ok: true, result };
  } catch (error) {
    // Typed errors are returned, not thrown: a thrown Error loses its class and `code` on the
    // way through structured clone.
    return { ok: false, error: serializeError(error) };
  } finally {
    port?.close();
  }
}
