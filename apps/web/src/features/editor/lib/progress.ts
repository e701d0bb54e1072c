import type { Job } from '@cutout/contracts';

// The Processing panel's one bar, from real events only (no timers): the bytes of an upload,
// then the job's own progress as the server reports each stage. An upload takes the first
// `uploadShare` percent; imports from a URL and samples have no upload, so the job fills the bar.

export const uploadShare = 20;

export type ProgressInput =
  | { step: 'sending'; hasUpload: boolean; loaded: number; total: number }
  | { step: 'job'; hasUpload: boolean; job: Pick<Job, 'status' | 'progress'> };

export function overallPercent(input: ProgressInput): number {
  if (input.step === 'sending') {
    if (!input.hasUpload || input.total <= 0) return 0;
    const fraction = Math.min(Math.max(input.loaded / input.total, 0), 1);
    return Math.floor(fraction * uploadShare);
  }
  if (input.job.status === 'completed') return 100;
  const jobProgress = Math.min(Math.max(input.job.progress, 0), 100);
  const start = input.hasUpload ? uploadShare : 0;
  return Math.floor(start + (jobProgress * (100 - start)) / 100);
}

/** Never moves backwards: a late upload event or a reordered job event keeps the bar where it is. */
export function nextPercent(previous: number, input: ProgressInput): number {
  return Math.max(previous, overallPercent(input));
}
