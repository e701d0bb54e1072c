// History (issue 25, decision 0156): the account's processed images within the retention, at
// /dashboard/history. Zod-free texts; the schemas are in schemas/history.ts.

export const historyTexts = {
  title: 'History',
  description: (hours: number) =>
    `Images you processed in the last ${hours} hours. Results are deleted after that.`,
  empty: 'No processed images in the retention period yet.',
  emptyAction: 'Process an image',
  thumbnailAlt: (name: string) => `Cut-out of ${name}`,
  name: 'Name',
  date: 'Processed',
  size: 'Size',
  credits: 'Credits',
  downloads: 'Download',
  delete: 'Delete',
  deleteConfirmTitle: 'Delete this image?',
  deleteConfirmBody:
    'Its original and results are deleted now. Credits already spent are not returned.',
  cancel: 'Cancel',
  deleted: 'Image deleted',
  deleteFailed: 'The image could not be deleted. Please try again.',
  loadFailed: 'The history could not be loaded.',
  retry: 'Retry',
  preview: 'Preview',
  viaApi: 'API',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  creditsCharged: (n: number) => (n === 1 ? '1 credit' : `${n} credits`),
  expires: (when: string) => `Deleted ${when}`,
} as const;
