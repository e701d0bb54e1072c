import type { MessagePort } from 'node:worker_threads';
import type { SerializedError } from '../errors.js';
import type { ModelConfig, SessionTuning } from '../models/types.js';
import type { RemoveBackgroundOptions, Stage } from '../pipeline/options.js';
import type { RemoveBackgroundResult } from '../pipeline/remove-background.js';
import type { TouchUpOptions, TouchUpResult } from '../pipeline/touch-up.js';

/** Fixed for the life of a worker: passed as piscina's workerData. */
export interface WorkerConfig {
  model: ModelConfig;
  session: SessionTuning;
  /** Set when running from TypeScript sources: the bootstrap registers tsx, then imports it. */
  workerUrl?: string;
}

/** A background removal, or a touch-up (a person's mask applied to the original; no model). */
export type WorkerTask = (
  | { kind?: 'remove'; input: Uint8Array; options: RemoveBackgroundOptions }
  | { kind: 'touch-up'; input: Uint8Array; mask: Uint8Array; options: TouchUpOptions }
) & {
  /** Progress and cancellation travel on this port; it is transferred, not cloned. */
  port?: MessagePort;
};

export type WorkerReply =
  | { ok: true; result: RemoveBackgroundResult | TouchUpResult }
  | { ok: false; error: SerializedError };

export type ToCaller = { type: 'started' } | { type: 'progress'; stage: Stage; fraction: number };

export type ToWorker = { type: 'cancel' };
