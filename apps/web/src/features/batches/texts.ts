// Batch tab copy the spec does not quote (spec texts come from @cutout/contracts: batchTexts).

const images = (n: number, noun = 'image') => `${n} ${noun}${n === 1 ? '' : 's'}`;

export const batchUiTexts = {
  title: 'Batch processing',
  intro: (max: number) =>
    `Add up to ${max} images. Each image uses one credit when it succeeds; a failed image costs nothing.`,
  dropTitle: 'Drop images here, or click to choose',
  dropHint: (max: number) => `JPG, PNG or WEBP, up to 10 MB each, ${max} images per batch`,
  inputLabel: 'Choose images for the batch',
  /** The button says what a click will do (issue 26): new images, failed ones again, or both. */
  process: (fresh: number, failed = 0) =>
    fresh > 0 && failed > 0
      ? `Process ${images(fresh)}, retry ${failed} failed`
      : failed > 0
        ? `Retry ${images(failed, 'failed image')}`
        : `Process ${images(fresh)}`,
  nothingToProcess: 'Add images to process',
  processing: 'Processing…',
  processingCount: (n: number) => `Processing ${images(n)}…`,
  download: 'Download all (zip)',
  downloading: 'Preparing zip…',
  clear: 'New batch',
  remove: (name: string) => `Remove ${name}`,
  cannotRemove: 'An image being processed cannot be removed',
  waiting: 'Waiting',
  /** In place of a thumbnail the browser cannot show (a failed file that is not an image). */
  noPreview: 'No preview',
  status: {
    pending: 'Pending',
    processing: 'Processing',
    completed: 'Completed',
    error: 'Error',
  },
  noFile: 'Its file was chosen in another tab or before a reload: remove it, or add it again.',
  summary: (done: number, total: number) => `${done} of ${total} completed`,
  empty: 'No images yet.',
  loadFailed: 'Your batch could not be loaded.',
  retry: 'Try again',
  finished: (completed: number, failed: number) =>
    failed === 0
      ? `Batch finished: ${completed} completed`
      : `Batch finished: ${completed} completed, ${failed} failed`,
} as const;
