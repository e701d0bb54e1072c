import * as z from 'zod/mini';
import { jobResultSchema } from './jobs.js';

// GET /api/me/history and DELETE /api/me/history/{id} (decision 0156).

export const historyQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
});

export const historyItemSchema = z.object({
  id: z.string(),
  originalName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  /** Bytes of the uploaded image. */
  inputBytes: z.int(),
  size: z.enum(['full', 'preview']),
  via: z.enum(['web', 'api']),
  /** Credits the ledger took for this job (0 for a preview). */
  creditsCharged: z.int(),
  thumbnail: z.string(),
  result: jobResultSchema,
  downloadNames: jobResultSchema,
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyResponseSchema = z.object({
  items: z.array(historyItemSchema),
  page: z.int(),
  perPage: z.int(),
  total: z.int(),
  retentionHours: z.number(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
