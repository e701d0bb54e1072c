import type { JobSource, JobTimings } from '@cutout/contracts';
import type { Selectable } from 'kysely';
import type { JobTable } from '../../db/schema.js';
import type { AppError } from '../../errors.js';

// The shapes the jobs modules pass between them (admission, runner, events, maintenance).

export type JobRow = Selectable<JobTable>;

export interface JobInput {
  bytes: Buffer;
  /** The name results are called after (`{base}_{variant}.png`). */
  name: string;
  source: JobSource;
  via: 'web' | 'api';
  /** What to answer when the bytes are not an image (URL imports say so differently). */
  whenNotImage?: () => AppError;
  /** 'preview': at most 0.25 MP and free within a monthly allowance (decision 0081). */
  size?: 'full' | 'preview';
  /** The upload limit in bytes; default 10 MB (remove.bg's paths take 12 MB, decision 0162). */
  maxBytes?: number;
}

/** Hooks for metrics; the service does not know about Prometheus. */
export interface JobObserver {
  finished(status: 'completed' | 'failed' | 'cancelled', timings: JobTimings | null): void;
}

/**
 * Whose turn a job takes in the fair queue: its account, or for visitors' free tries one shared
 * owner, so all anonymous traffic together gets one account's share (decision 0155).
 */
export function queueOwner(job: { user_id: string | null }): string {
  return job.user_id ?? 'visitors';
}
