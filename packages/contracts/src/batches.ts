import { outputFileName, safeBaseName } from './file-names.js';
import type { JobVariant } from './jobs.js';

// Batches (spec §2 Dashboard "Batch", §3 Batch item, §4 batch item and batch download, §5, §9):
// up to 50 images processed together from the dashboard. A batch is stored on the server and
// owns the jobs that process its images; each item's status and progress are its job's.
// Zod-free: the schemas are in schemas/batches.ts; the texts and endpoints are below.

/**
 * The batch's texts (spec §5, §8), here rather than in texts.ts: only the dashboard's batch code
 * uses them, and a text in texts.ts would ride in every page's first load.
 */
export const batchTexts = {
  noImages: 'No images to process',
  notEnoughCredits: (need: number, have: number) =>
    `Not enough credits. You need ${need} credits but have ${have}`,
  itemFailed: 'Failed to process image',
  failedFor: (filename: string) => `Failed to process ${filename}`,
  downloadFailed: 'Failed to download batch results',
  noCompleted: 'No completed images to download',
  /** Spec §9 states the maximum in the UI only; the server enforces it with this text. */
  tooMany: (max: number, count: number) =>
    `A batch holds at most ${max} images; this one would have ${count}. Remove some and try again.`,
  itemBusy: 'This image is being processed and cannot be removed until it finishes.',
  batchBusy: 'Some images of this batch are still being processed. Wait until they finish.',
  alreadyCompleted: 'This image has already been processed.',
  notFound: 'Batch not found.',
  itemNotFound: 'This image is not part of the batch.',
} as const;

// The batch endpoints, here rather than in paths.ts for the same reason as the texts above
// (paths.ts is in every page's first load; decision 0075).
/** batches: the dashboard's batch processing (up to 50 images, a zip of the results). */
export const batchesApiPaths = {
  list: '/api/batches',
  batch: (id: string) => `/api/batches/${encodeURIComponent(id)}`,
  run: (id: string) => `/api/batches/${encodeURIComponent(id)}/run`,
  item: (id: string, itemId: string) =>
    `/api/batches/${encodeURIComponent(id)}/items/${encodeURIComponent(itemId)}`,
  itemImage: (id: string, itemId: string) =>
    `/api/batches/${encodeURIComponent(id)}/items/${encodeURIComponent(itemId)}/image`,
  download: (id: string) => `/api/batches/${encodeURIComponent(id)}/download`,
} as const;

/** Spec §3: pending | processing | completed | error. */
export const batchItemStatuses = ['pending', 'processing', 'completed', 'error'] as const;
export type BatchItemStatus = (typeof batchItemStatuses)[number];

/**
 * The path of a result in the batch zip: a folder per image holding the same three names the
 * editor downloads (`dog/dog_white_bg.png`), from the one place every path names them.
 */
export function batchZipEntry(folder: string, variant: JobVariant): string {
  return `${folder}/${outputFileName(folder, variant)}`;
}

/** `batch_processed_{date}.zip`, the date as YYYY-MM-DD (UTC). */
export function batchZipName(date: Date): string {
  return `batch_processed_${date.toISOString().slice(0, 10)}.zip`;
}

/** The zip's folder for an image: its safe original name without the extension. */
export function batchFolderName(originalName: string): string {
  return safeBaseName(originalName);
}
