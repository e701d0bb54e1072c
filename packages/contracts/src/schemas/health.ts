import * as z from 'zod/mini';
import { componentStatuses } from '../health.js';

export const healthSchema = z.object({
  status: z.literal('ok'),
});

export const componentHealthSchema = z.object({
  status: z.enum(componentStatuses),
  detail: z.optional(z.string()),
  latencyMs: z.optional(z.number()),
});
export type ComponentHealth = z.infer<typeof componentHealthSchema>;

export const detailedHealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.extend(componentHealthSchema, { dialect: z.enum(['sqlite', 'postgres']) }),
  queue: componentHealthSchema,
  model: componentHealthSchema,
  /** Mail SMTP refused that waits to be tried again (degraded while any does). */
  mail: componentHealthSchema,
  /** Backups of Cutout's own data: degraded when the last one failed (decision 0268). */
  backups: z.optional(componentHealthSchema),
});
export type DetailedHealth = z.infer<typeof detailedHealthSchema>;
