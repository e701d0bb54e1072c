// Background-removal jobs (spec §1, §4 image flow, §7 background removal). Every processed image
// is a stored job: queued → processing → completed | failed | cancelled. The web editor creates
// one with POST /api/jobs and follows it over server-sent events; the spec's synchronous
// POST /remove-background/ and the public POST /api/v1/remove-background create the same job
// and answer when it ends. Zod-free: the schemas are in schemas/jobs.ts, the endpoints in
// paths.ts.

export const jobStatuses = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Terminal states: nothing changes after these. */
export const finishedJobStatuses: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

/** Where the job is now: the engine's own stages, plus waiting in the queue and storing. */
export const jobStages = [
  'queued',
  'decode',
  'preprocess',
  'inference',
  'refine',
  'encode',
  'store',
  'done',
] as const;
export type JobStage = (typeof jobStages)[number];

export const jobVariants = ['refined', 'white_bg', 'transparent_bg'] as const;
export type JobVariant = (typeof jobVariants)[number];

export const jobSources = ['upload', 'url', 'sample'] as const;
export type JobSource = (typeof jobSources)[number];

/** Server-sent events on GET /api/jobs/{id}/events: each `job` event carries the whole job. */
export const jobEventName = 'job';
