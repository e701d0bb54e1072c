import { availableParallelism } from 'node:os';

export interface PoolSizing {
  workers: number;
  threadsPerWorker: number;
}

/**
 * One worker per four cores, each session using those cores for its intra-op threads. On the
 * 2-core machines two threads run ISNet 1.5–1.8× faster than one (BENCHMARKS.md, section 6);
 * the cap of four per session is an assumption, not measured here: past it, more workers
 * should give more throughput than more threads per image, each costing a session (about
 * 1.3 GB at its peak). On this project's machines: one worker with two threads.
 */
export function defaultSizing(cores = availableParallelism()): PoolSizing {
  const threadsPerWorker = Math.max(1, Math.min(4, cores));
  return { workers: Math.max(1, Math.floor(cores / threadsPerWorker)), threadsPerWorker };
}
