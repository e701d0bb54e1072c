import '../no-telemetry.js';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import {
  AbortedError,
  deserializeError,
  EngineError,
  InternalEngineError,
  InvalidOptionsError,
  PoolClosedError,
  QueueFullError,
  TimedOutError,
} from '../errors.js';
import { DEFAULT_MODEL, resolveModel } from '../models/registry.js';
import type { ModelConfig, SessionTuning } from '../models/types.js';
import {
  resolveOptions,
  type ProgressCallback,
  type RemoveBackgroundOptions,
} from '../pipeline/options.js';
import type { RemoveBackgroundResult } from '../pipeline/remove-background.js';
import type { TouchUpOptions, TouchUpResult } from '../pipeline/touch-up.js';
import type { ToCaller, WorkerConfig, WorkerReply, WorkerTask } from './protocol.js';
import { defaultSizing } from './sizing.js';

export interface EnginePoolOptions {
  /** A built-in model name (default "isnet") or a custom model configuration. */
  model?: ModelConfig;
  /** Worker threads, each with its own session. Default: one per four cores (at least one). */
  workers?: number;
  /** onnxruntime intra-op threads per session. Default: min(4, cores). */
  threads?: number;
  /** Further onnxruntime session options (for tuning and benchmarks). */
  session?: Omit<SessionTuning, 'intraOpNumThreads'>;
  /** Tasks allowed to wait while every worker is busy; one more gets QueueFullError. Default 16. */
  maxQueue?: number;
  /** Refuse images with more decoded pixels than this. Default 50 MP. */
  limitInputPixels?: number;
  /** Refuse images whose longer side has more pixels than this. Default 12,000. */
  maxInputSide?: number;
  /** Refuse images whose long side is more than this many times the short side. Default 20. */
  maxAspectRatio?: number;
  /** Downscale larger images so outputs have at most this many megapixels. Default: no cap. */
  maxOutputMegapixels?: number;
  /**
   * A task running longer than this fails with TimedOutError at once, and its worker is told to
   * stop at the next stage boundary (see run). Counted from the moment a worker starts the
   * task, not while it waits. Default: no limit.
   */
  taskTimeoutMs?: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  /** This task's time limit, instead of the pool's taskTimeoutMs. */
  timeoutMs?: number;
}

export interface PoolStats {
  queued: number;
  running: number;
  completed: number;
  failed: number;
  /** Tasks stopped by taskTimeoutMs (each also counted in failed; each cost a worker restart). */
  timedOut: number;
  model: string;
  workers: number;
  threadsPerWorker: number;
  maxQueue: number;
}

export interface EnginePool {
  run(
    input: Uint8Array,
    options?: RemoveBackgroundOptions,
    controls?: RunOptions,
  ): Promise<RemoveBackgroundResult>;
  /**
   * The three results of `original` with a person's alpha mask instead of the model's (a
   * touch-up, issue 25), made in a worker like any image; the pool's limits apply.
   */
  touchUp(
    original: Uint8Array,
    mask: Uint8Array,
    options?: TouchUpOptions,
    controls?: RunOptions,
  ): Promise<TouchUpResult>;
  stats(): PoolStats;
  close(): Promise<void>;
}

function workerLocation(): { filename: string; workerUrl?: string } {
  const here = import.meta.url;
  // From sources (vitest, tsx) this file is pool.ts and the worker needs tsx registered in its
  // thread; from dist/ it is pool.js and the compiled worker starts directly.
  if (here.endsWith('.ts')) {
    return {
      filename: new URL('./worker-tsx.mjs', here).href,
      workerUrl: new URL('./worker.ts', here).href,
    };
  }
  return { filename: new URL('./worker.js', here).href };
}

function positiveInteger(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
    throw new InvalidOptionsError(`${name} must be a positive integer (got ${value}).`);
  }
}

export function createEnginePool(options: EnginePoolOptions = {}): EnginePool {
  positiveInteger('workers', options.workers);
  positiveInteger('threads', options.threads);
  positiveInteger('limitInputPixels', options.limitInputPixels);
  positiveInteger('maxInputSide', options.maxInputSide);
  positiveInteger('taskTimeoutMs', options.taskTimeoutMs);
  if (options.maxAspectRatio !== undefined && !(options.maxAspectRatio >= 1)) {
    throw new InvalidOptionsError(
      `maxAspectRatio must be a number of at least 1 (got ${options.maxAspectRatio}).`,
    );
  }
  if (
    options.maxQueue !== undefined &&
    !(Number.isInteger(options.maxQueue) && options.maxQueue >= 0)
  ) {
    throw new InvalidOptionsError(
      `maxQueue must be a non-negative integer (got ${options.maxQueue}).`,
    );
  }
  const model = options.model ?? DEFAULT_MODEL;
  const modelName = resolveModel(model).name;
  const sizing = defaultSizing();
  const workers = options.workers ?? sizing.workers;
  const threadsPerWorker = options.threads ?? sizing.threadsPerWorker;
  const maxQueue = options.maxQueue ?? 16;
  const { filename, workerUrl } = workerLocation();
  const workerData: WorkerConfig = {
    model,
    session: { ...options.session, intraOpNumThreads: threadsPerWorker },
    workerUrl,
  };
  const piscina = new Piscina<WorkerTask, WorkerReply>({
    filename,
    workerData,
    minThreads: workers,
    maxThreads: workers,
    concurrentTasksPerWorker: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  // A worker that dies (it should not) is replaced by piscina; keep the pool's process alive.
  piscina.on('error', (error: unknown) => {
    console.error('engine worker error', error);
  });

  let running = 0;
  let accepted = 0;
  let completed = 0;
  let failed = 0;
  let timedOut = 0;
  let closed = false;

  async function run(
    input: Uint8Array,
    runOptions: RemoveBackgroundOptions = {},
    controls: RunOptions = {},
  ): Promise<RemoveBackgroundResult> {
    if (closed) throw new PoolClosedError();
    if (controls.signal?.aborted) throw new AbortedError();
    // Options are validated here too, so a bad request fails without using a worker, and the
    // pool-wide limits win over per-run ones.
    const merged: RemoveBackgroundOptions = {
      ...runOptions,
      limitInputPixels: Math.min(
        runOptions.limitInputPixels ?? Number.POSITIVE_INFINITY,
        options.limitInputPixels ?? Number.POSITIVE_INFINITY,
      ),
      maxInputSide: Math.min(
        runOptions.maxInputSide ?? Number.POSITIVE_INFINITY,
        options.maxInputSide ?? Number.POSITIVE_INFINITY,
      ),
      maxAspectRatio: Math.min(
        runOptions.maxAspectRatio ?? Number.POSITIVE_INFINITY,
        options.maxAspectRatio ?? Number.POSITIVE_INFINITY,
      ),
      maxOutputMegapixels: Math.min(
        runOptions.maxOutputMegapixels ?? Number.POSITIVE_INFINITY,
        options.maxOutputMegapixels ?? Number.POSITIVE_INFINITY,
      ),
    };
    if (merged.limitInputPixels === Number.POSITIVE_INFINITY) delete merged.limitInputPixels;
    if (merged.maxOutputMegapixels === Number.POSITIVE_INFINITY) delete merged.maxOutputMegapixels;
    if (merged.maxInputSide === Number.POSITIVE_INFINITY) delete merged.maxInputSide;
    if (merged.maxAspectRatio === Number.POSITIVE_INFINITY) delete merged.maxAspectRatio;
    resolveOptions(merged);
    return (await submit({ input, options: merged }, controls)) as RemoveBackgroundResult;
  }

  async function touchUp(
    original: Uint8Array,
    mask: Uint8Array,
    touchUpOptions: TouchUpOptions = {},
    controls: RunOptions = {},
  ): Promise<TouchUpResult> {
    if (closed) throw new PoolClosedError();
    if (controls.signal?.aborted) throw new AbortedError();
    const options_: TouchUpOptions = { ...touchUpOptions };
    // The pool-wide limits win, as for run.
    if (options.limitInputPixels !== undefined)
      options_.limitInputPixels = Math.min(
        options_.limitInputPixels ?? Number.POSITIVE_INFINITY,
        options.limitInputPixels,
      );
    if (options.maxInputSide !== undefined)
      options_.maxInputSide = Math.min(
        options_.maxInputSide ?? Number.POSITIVE_INFINITY,
        options.maxInputSide,
      );
    if (options.maxAspectRatio !== undefined)
      options_.maxAspectRatio = Math.min(
        options_.maxAspectRatio ?? Number.POSITIVE_INFINITY,
        options.maxAspectRatio,
      );
    return (await submit(
      { kind: 'touch-up', input: original, mask, options: options_ },
      controls,
    )) as TouchUpResult;
  }

  /** Queues one task for a worker: the bounded queue, time-out, cancellation and progress. */
  async function submit(
    payload: WorkerTask,
    controls: RunOptions,
  ): Promise<RemoveBackgroundResult | TouchUpResult> {
    const { signal, onProgress } = controls;
    positiveInteger('timeoutMs', controls.timeoutMs);
    const timeoutMs = controls.timeoutMs ?? options.taskTimeoutMs;
    // Counted here rather than by piscina's maxQueue, which also counts tasks waiting for a
    // worker that is still starting and so refuses nothing while the pool warms up.
    if (accepted >= workers + maxQueue) throw new QueueFullError();
    accepted++;

    const channel = new MessageChannel();
    const queueAbort = new AbortController();
    let started = false;
    let cancelled = false;
    let expired = false;
    let timer: NodeJS.Timeout | undefined;
    let onExpiry: (() => void) | undefined;
    const expiry = new Promise<never>((_, reject) => {
      onExpiry = () => reject(new TimedOutError());
    });
    channel.port1.on('message', (message: ToCaller) => {
      if (message.type === 'started') {
        started = true;
        running++;
        if (timeoutMs !== undefined) {
          // Past the limit the caller gets TimedOutError at once and the worker is told to stop
          // at its next stage boundary. The worker thread is not terminated: terminating a
          // thread while sharp or onnxruntime has native work in flight aborts the whole
          // process ("terminate called after throwing an instance of 'Napi::Error'"), which we
          // saw in this test suite. Its slot stays taken until the worker has really stopped.
          timer = setTimeout(() => {
            expired = true;
            channel.port1.postMessage({ type: 'cancel' });
            onExpiry?.();
          }, timeoutMs);
        }
      } else if (message.type === 'progress' && !expired) {
        onProgress?.(message.stage, message.fraction);
      }
    });
    // Aborting a queued task removes it from piscina's queue; a task already running is asked
    // to stop at its next stage boundary instead, for the same reason as above.
    const onAbort = (): void => {
      cancelled = true;
      if (started) channel.port1.postMessage({ type: 'cancel' });
      else queueAbort.abort();
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    const task = piscina.run(
      { ...payload, port: channel.port2 },
      { transferList: [channel.port2], signal: queueAbort.signal },
    );
    // The slot is released when the worker is done with the task, which after a time-out is
    // later than the caller's answer.
    const release = (): void => {
      clearTimeout(timer);
      accepted--;
      if (started) running--;
      signal?.removeEventListener('abort', onAbort);
      channel.port1.close();
    };
    task.then(release, release);
    expiry.catch(() => undefined);

    try {
      const reply = await Promise.race([task, expiry]);
      if (!reply.ok) throw deserializeError(reply.error);
      if (cancelled) throw new AbortedError();
      completed++;
      return withBuffers(reply.result);
    } catch (error) {
      if (expired && !cancelled) {
        timedOut++;
        failed++;
        throw error instanceof TimedOutError ? error : new TimedOutError();
      }
      const typed = toEngineError(error, cancelled);
      if (!(typed instanceof AbortedError) && !(typed instanceof QueueFullError)) failed++;
      throw typed;
    }
  }

  return {
    run,
    touchUp,
    stats: () => ({
      queued: Math.max(0, accepted - running),
      running,
      completed,
      failed,
      timedOut,
      model: modelName,
      workers,
      threadsPerWorker,
      maxQueue,
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      await piscina.close();
    },
  };
}

function toEngineError(error: unknown, cancelled: boolean): Error {
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  if (cancelled || name === 'AbortError') return new AbortedError();
  if (/queue is at limit/i.test(message)) return new QueueFullError();
  if (/terminated|closed/i.test(message)) return new PoolClosedError();
  return new InternalEngineError(`The engine worker failed: ${message}`, { cause: error });
}

/** Structured clone turns Buffers into plain Uint8Arrays; give callers Buffers back (no copy). */
function withBuffers<T extends RemoveBackgroundResult | TouchUpResult>(result: T): T {
  for (const output of Object.values(result.outputs)) {
    const data = output.data as Uint8Array;
    if (!Buffer.isBuffer(data))
      output.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
  return result;
}
