import * as z from 'zod/mini';
import { jobSources, jobStages, jobStatuses } from '../jobs.js';

// Schemas of the jobs API (POST /api/jobs and its events, the synchronous and public
// remove-background endpoints, samples, the editor's config, usage). The states, stages and
// variants are in ../jobs.ts.

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
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  source: z.enum(jobSources),
  /** The file name the results' download names are built from (spec §4). */
  originalName: z.string(),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  /** Present once completed, until the results expire. */
  result: z.nullable(jobResultSchema),
  /** The original image as the server received it (uploads, URL imports, samples). */
  original: z.nullable(z.string()),
  /** Download names per variant: `{original base name}_{variant}.png`. */
  downloadNames: jobResultSchema,
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  timings: z.nullable(jobTimingsSchema),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** When the stored results are deleted (retention period). */
  expiresAt: z.string(),
  /**
   * Which version of the results every address serves: 0 is the model's own, 1, 2 … a touch-up
   * saved with POST /api/jobs/{id}/mask (the model's version stays; DELETE goes back to it).
   */
  resultVersion: z.int().check(z.minimum(0)),
});
export type Job = z.infer<typeof jobSchema>;

const turnstileToken = z.optional(z.string().check(z.maxLength(4096)));

/** POST /api/jobs with a JSON body: import from a URL or process a sample. */
export const createJobFromUrlSchema = z.object({
  url: z.string().check(z.maxLength(4096)),
  turnstileToken,
});
export const createJobFromSampleSchema = z.object({
  sampleId: z.string().check(z.maxLength(100)),
  turnstileToken,
});
export const createJobJsonSchema = z.union([createJobFromUrlSchema, createJobFromSampleSchema]);
export type CreateJobJson = z.infer<typeof createJobJsonSchema>;

/** The spec's synchronous answer (§7), plus what an API user wants to know. */
export const removeBackgroundResponseSchema = z.extend(jobResultSchema, {
  id: z.string(),
  width: z.int(),
  height: z.int(),
  timings: jobTimingsSchema,
  /** The caller's balance after this image was charged. */
  credits: z.int(),
  expiresAt: z.string(),
});
export type RemoveBackgroundResponse = z.infer<typeof removeBackgroundResponseSchema>;

export const sampleImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  width: z.int(),
  height: z.int(),
});
export type SampleImage = z.infer<typeof sampleImageSchema>;

/** GET /api/editor/config: what the editor needs to know before the first upload. */
export const editorConfigSchema = z.object({
  /** Cloudflare Turnstile's site key when the bot check is configured, otherwise null. */
  turnstileSiteKey: z.nullable(z.string()),
  maxUploadBytes: z.int(),
  /** How long results are kept before they are deleted. */
  retentionHours: z.number(),
});
export type EditorConfig = z.infer<typeof editorConfigSchema>;

/** GET /api/v1/user/usage (spec §7, public API). */
export const usageSchema = z.object({
  credits: z.int(),
  images_processed: z.int(),
  images_processed_this_month: z.int(),
});
export type Usage = z.infer<typeof usageSchema>;

/**
 * GET /api/me/usage, the dashboard's figures: the public API's usage and the account's free
 * previews left this calendar month (decision 0081; the same figure as /api/v1/account's
 * `free_previews_left_this_month`).
 */
export const ownUsageSchema = z.extend(usageSchema, {
  free_previews_left_this_month: z.int(),
});
export type OwnUsage = z.infer<typeof ownUsageSchema>;

/** GET /api/samples */
export const samplesResponseSchema = z.array(sampleImageSchema);
