import { jobStatuses, type JobTimings } from '@cutout/contracts';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../../db/database.js';
import { countJobsByStatus } from './jobs.repository.js';
import type { JobObserver, JobsService } from './jobs.service.js';

// Processing metrics on the app's registry: jobs by state (read from the database at scrape
// time, so they are right across restarts), the queue, and how long the stages take.

export function jobMetrics(registry: Registry, db: Db, jobs: () => JobsService): JobObserver {
  new Gauge({
    name: 'cutout_jobs',
    help: 'Stored jobs by state.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await countJobsByStatus(db);
      for (const status of jobStatuses) this.set({ status }, counts[status] ?? 0);
    },
  });
  new Gauge({
    name: 'cutout_job_queue',
    help: 'Jobs in this process: waiting for a worker, running, and the limits.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = jobs().queueStats();
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'running' }, stats.running);
      this.set({ state: 'workers' }, stats.concurrency);
      this.set({ state: 'capacity' }, stats.capacity);
    },
  });
  const finished = new Counter({
    name: 'cutout_jobs_finished_total',
    help: 'Jobs that ended since start, by final state.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const buckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];
  const inference = new Histogram({
    name: 'cutout_inference_seconds',
    help: 'Model inference time per image.',
    buckets,
    registers: [registry],
  });
  const total = new Histogram({
    name: 'cutout_job_seconds',
    help: 'Time from a job being accepted to its results being stored.',
    buckets,
    registers: [registry],
  });
  return {
    finished(status, timings: JobTimings | null) {
      finished.inc({ status });
      if (status === 'completed' && timings) {
        inference.observe(timings.inferenceMs / 1000);
        total.observe(timings.totalMs / 1000);
      }
    },
  };
}
