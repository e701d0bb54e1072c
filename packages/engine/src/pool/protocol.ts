import type { MessagePort } from 'node:worker_threads';
import type { SerializedError } from '../errors.js';
import type { ModelConfig, SessionTuning } from '../models/types.js';
import type { RemoveBackgroundOptions, Stage } from '../pipeline/options.js';
import type { RemoveBackgroundResult } from '../pipeline/remove-background.js';

/** Fixed for the life of a worker: passed as piscina's workerData. */
export interface WorkerConfig {
  model: ModelConfig;
  session: SessionTuning;
  /** Set when running from TypeScript sources: the bootstrap registers tsx, then imports it. */
  workerUrl?: string;
}

export interface WorkerTask {
  input: Uint8Array;
  options: RemoveBackgroundOptions;
  /** Progress and cancellation travel on this port; it is transferred, not cloned. */
  port?: MessagePort;
}

export type WorkerReply =
  { ok: true; result: RemoveBackgroundResult } | { ok: false; error: SerializedError };

export type ToCaller = { type: 'started' } | { type: 'progress'; stage: Stage; fraction: number };

export type ToWorker = { type: 'cancel' };
