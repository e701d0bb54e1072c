import * as z from 'zod/mini';
import { batchItemStatuses } from '../batches.js';
import { jobResultSchema } from './jobs.js';

// Schemas of the batch API (spec §3 Batch item). The limits (50 images, the credit check) are
// the server's rules with the spec's messages, not schema checks.

/** An image named in a new batch or added to one; its file is uploaded afterwards. */
export const batchItemInputSchema = z.object({
  name: z.string().check(z.minLength(1, 'Each image needs a file name'), z.maxLength(255)),
});

/** POST /api/batches and POST /api/batches/{id}/run. */
export const runBatchBodySchema = z.object({
  items: z._default(z.array(batchItemInputSchema).check(z.maxLength(1000)), []),
});
export type RunBatchBody = z.input<typeof runBatchBodySchema>;

export const batchItemSchema = z.object({
  id: z.string(),
  position: z.int(),
  /** The file's name as the user chose it. */
  originalName: z.string(),
  status: z.enum(batchItemStatuses),
  /** 0–100: the job's own progress while processing (never a timer). */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  /** Why it failed: 'Failed to process {filename}' plus the reason, when status is error. */
  error: z.nullable(z.string()),
  jobId: z.nullable(z.string()),
  /** The original image as uploaded, while it is stored. */
  original: z.nullable(z.string()),
  /** The three results once completed, until they expire. */
  result: z.nullable(jobResultSchema),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchCountsSchema = z.object({
  pending: z.int(),
  processing: z.int(),
  completed: z.int(),
  error: z.int(),
});

export const batchSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  items: z.array(batchItemSchema),
  counts: batchCountsSchema,
});
export type Batch = z.infer<typeof batchSchema>;

export const batchSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  counts: batchCountsSchema,
});

/** GET /api/batches: the user's batches, newest first. */
export const batchListSchema = z.object({ batches: z.array(batchSummarySchema) });
export type BatchList = z.infer<typeof batchListSchema>;
