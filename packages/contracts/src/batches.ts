import type { JobVariant } from './jobs.js';

// Batches (spec §2 Dashboard "Batch", §3 Batch item, §4 batch item and batch download, §5, §9):
// up to 50 images processed together from the dashboard. A batch is stored on the server and
// owns the jobs that process its images; each item's status and progress are its job's.
// Zod-free: the schemas are in schemas/batches.ts, the endpoints in paths.ts, the texts in
// texts.ts (batchTexts).

/** Spec §3: pending | processing | completed | error. */
export const batchItemStatuses = ['pending', 'processing', 'completed', 'error'] as const;
export type BatchItemStatus = (typeof batchItemStatuses)[number];

/** The files of one image's folder in the batch zip (spec §4 Batch download). */
export const batchZipFiles: Record<JobVariant, string> = {
  refined: 'refined.png',
  white_bg: 'white_background.png',
  transparent_bg: 'transparent_background.png',
};

/** `batch_processed_{date}.zip`, the date as YYYY-MM-DD (UTC). */
export function batchZipName(date: Date): string {
  return `batch_processed_${date.toISOString().slice(0, 10)}.zip`;
}

/** The zip's folder for an image: its original name without the extension. */
export function batchFolderName(originalName: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').trim();
  return base || 'image';
}
