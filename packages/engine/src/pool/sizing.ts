import { availableParallelism } from 'node:os';

export interface PoolSizing {
  workers: number;
  threadsPerWorker: number;
}

/**
 * One worker per four cores, each session using those cores for its intra-op threads. ISNet's
 * large convolutions scale well to about four threads; beyond that more workers give more
 * throughput than more threads per image, and each worker costs a session (~0.5 GB peak at
 * 12 MP). On this project's 2-core machines: one worker with two threads.
 */
export function defaultSizing(cores = availableParallelism()): PoolSizing {
  const threadsPerWorker = Math.max(1, Math.min(4, cores));
  return { workers: Math.max(1, Math.floor(cores / threadsPerWorker)), threadsPerWorker };
}
