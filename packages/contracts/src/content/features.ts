// Texts of the public content pages (spec §2). What the spec quotes is verbatim; long prose lives
// beside each page in apps/web/src/features/<area>. Zod-free: these pages load no schemas.

/** Features (spec §2 Features): six cards, an AI segmentation section, 'Try for Free' to /. */
export const featuresTexts = {
  cards: {
    lightningFast: 'Lightning Fast',
    simpleIntuitive: 'Simple & Intuitive',
    privacyFirst: 'Privacy First',
    precisionEditing: 'Precision Editing',
    batchProcessing: 'Batch Processing',
    multipleExportOptions: 'Multiple Export Options',
  },
  cardsHeading: 'Everything you need for clean cutouts',
  segmentationHeading: 'AI segmentation, step by step',
  tryForFree: 'Try for Free',
  ctaHeading: 'See it on your own image',
} as const;
