import { policyTexts, type JobStage, type JobVariant } from '@cutout/contracts';

// Editor copy the spec does not quote (the spec's own texts are `editorTexts` in
// @cutout/contracts). Loaded with the editor's chunk; the frame's strings are in frame-texts.ts.

const stageTexts: Record<JobStage, string> = {
  queued: 'Waiting in the queue…',
  decode: 'Reading the image…',
  preprocess: 'Preparing the image…',
  inference: 'Running the model…',
  refine: 'Refining the edges…',
  encode: 'Creating the three results…',
  store: 'Saving the results…',
  done: 'Finishing…',
};

const variantTitles: Record<JobVariant, string> = {
  refined: 'Refined',
  white_bg: 'White background',
  transparent_bg: 'Transparent background',
};

export const workspaceTexts = {
  imageUrlLabel: 'Image URL',
  fileInputLabel: 'Choose an image to upload',
  urlPlaceholder: 'https://example.com/photo.jpg',
  useUrl: 'Import',
  urlHint: 'The server fetches the image from this address; it must be public.',
  topTabsLabel: 'Editor',
  remove: 'Remove image',
  original: 'Original',
  noPreview: 'The preview appears when the server has the image.',
  stages: stageTexts,
  uploading: 'Uploading the image…',
  fetching: 'Fetching the image…',
  starting: 'Starting…',
  completed: 'Done',
  failed: 'Processing stopped',
  cancelled: 'Processing cancelled',
  cancel: 'Cancel',
  waiting: 'Not started',
  selected: 'Selected image:',
  tryAgain: 'Try again',
  chooseAnother: 'Choose another image',
  chooseImage: 'Choose an image',
  variants: variantTitles,
  variantHints: {
    refined: 'The subject with refined edges on transparency.',
    white_bg: 'The subject on plain white, ready for a shop.',
    transparent_bg: 'The subject alone, as a transparent PNG.',
  } satisfies Record<JobVariant, string>,
  stepsLabel: 'Steps',
  steps: {
    upload: 'Upload',
    queue: 'Queue',
    read: 'Read the image',
    model: 'Find the subject',
    refine: 'Refine the edges',
    save: 'Make the three PNGs',
  },
  processedIn: (seconds: string, width: number | null, height: number | null) =>
    width && height
      ? `Processed in ${seconds} s · ${width} × ${height} px`
      : `Processed in ${seconds} s`,
  whatYouGet: 'What you will get',
  whatYouGetBody:
    'Each image you process gives three PNG results and uses one credit. Pick an image to start.',
  /** A signed-out visitor's first image a day is a free preview (decision 0155), not a credit. */
  whatYouGetBodyVisitor:
    'Each image you process gives three PNG results. Your first image today is free, at preview size. Pick an image to start.',
  signUp: 'Sign up',
  signUpPitch: policyTexts.freeCredits,
  buyCredits: 'Buy credits',
  credits: (n: number) => (n === 1 ? '1 credit available' : `${n} credits available`),
  samplesLoading: 'Loading samples…',
  samplesFailed: 'The sample images could not be loaded.',
  retry: 'Retry',
  pickSample: (name: string) => `Use the ${name} sample`,
  botCheckPending: 'Complete the bot check above, then try again.',
  retentionNotice: (hours: number) =>
    `Results are kept for ${hours} hours, then deleted. Each image uses one credit.`,
  retentionNoticeVisitor: (hours: number) =>
    `Results are kept for ${hours} hours, then deleted. Your first image each day is free (preview size); an account processes full-size images for one credit each.`,
} as const;
