import { z } from 'zod';

// Background-removal jobs (spec §1, §4 image flow, §7 background removal). Every processed image
// is a stored job: queued → processing → completed | failed | cancelled. The web editor creates
// one with POST /api/jobs and follows it over server-sent events; the spec's synchronous
// POST /remove-background/ and the public POST /api/v1/remove-background create the same job
// and answer when it ends.

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

/** Addresses of the three PNG results (spec §3 "Processing result"). */
export const jobResultSchema = z.object({
  refined: z.string(),
  white_bg: z.string(),
  transparent_bg: z.string(),
});
export type JobResult = z.infer<typeof jobResultSchema>;

export const jobTimingsSchema = z.object({
  queueMs: z.number(),
  decodeMs: z.number(),
  preprocessMs: z.number(),
  inferenceMs: z.number(),
  refineMs: z.number(),
  encodeMs: z.number(),
  storeMs: z.number(),
  totalMs: z.number(),
});
export type JobTimings = z.infer<typeof jobTimingsSchema>;

export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(jobStatuses),
  stage: z.enum(jobStages),
  /** 0–100, driven by the engine's stages (never a timer). */
  progress: z.number().int().min(0).max(100),
  source: z.enum(jobSources),
  /** The file name the results' download names are built from (spec §4). */
  originalName: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Present once completed, until the results expire. */
  result: jobResultSchema.nullable(),
  /** The original image as the server received it (uploads, URL imports, samples). */
  original: z.string().nullable(),
  /** Download names per variant: `{original base name}_{variant}.png`. */
  downloadNames: jobResultSchema,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  timings: jobTimingsSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the stored results are deleted (retention period). */
  expiresAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** POST /api/jobs with a JSON body: import from a URL or process a sample. */
export const createJobFromUrlSchema = z.object({
  url: z.string().max(4096),
  turnstileToken: z.string().max(4096).optional(),
});
export const createJobFromSampleSchema = z.object({
  sampleId: z.string().max(100),
  turnstileToken: z.string().max(4096).optional(),
});
export const createJobJsonSchema = z.union([createJobFromUrlSchema, createJobFromSampleSchema]);
export type CreateJobJson = z.infer<typeof createJobJsonSchema>;

/** The spec's synchronous answer (§7), plus what an API user wants to know. */
export const removeBackgroundResponseSchema = jobResultSchema.extend({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  timings: jobTimingsSchema,
  /** The caller's balance after this image was charged. */
  credits: z.number().int(),
  expiresAt: z.string(),
});
export type RemoveBackgroundResponse = z.infer<typeof removeBackgroundResponseSchema>;

/** Server-sent events on GET /api/jobs/{id}/events: each `job` event carries the whole job. */
export const jobEventName = 'job';

export const sampleImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type SampleImage = z.infer<typeof sampleImageSchema>;

/** GET /api/editor/config: what the editor needs to know before the first upload. */
export const editorConfigSchema = z.object({
  /** Cloudflare Turnstile's site key when the bot check is configured, otherwise null. */
  turnstileSiteKey: z.string().nullable(),
  maxUploadBytes: z.number().int(),
  /** How long results are kept before they are deleted. */
  retentionHours: z.number(),
});
export type EditorConfig = z.infer<typeof editorConfigSchema>;

/** GET /api/v1/user/usage (spec §7, public API). */
export const usageSchema = z.object({
  credits: z.number().int(),
  images_processed: z.number().int(),
  images_processed_this_month: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

export const jobPaths = {
  create: '/api/jobs',
  job: (id: string) => `/api/jobs/${encodeURIComponent(id)}`,
  events: (id: string) => `/api/jobs/${encodeURIComponent(id)}/events`,
  result: (id: string, variant: JobVariant) =>
    `/api/jobs/${encodeURIComponent(id)}/results/${variant}`,
  original: (id: string) => `/api/jobs/${encodeURIComponent(id)}/original`,
  samples: '/api/samples',
  editorConfig: '/api/editor/config',
  removeBackground: '/remove-background/',
  publicRemoveBackground: '/api/v1/remove-background',
  publicUsage: '/api/v1/user/usage',
} as const;

/** `{original base name}_{variant}.png` (spec §4 Download). */
export function downloadName(originalName: string, variant: JobVariant): string {
  const base = originalName.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base}_${variant}.png`;
}
