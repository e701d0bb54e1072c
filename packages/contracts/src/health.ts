import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
});

export const componentStatuses = ['ok', 'degraded', 'down', 'not_configured'] as const;
export const componentHealthSchema = z.object({
  status: z.enum(componentStatuses),
  detail: z.string().optional(),
  latencyMs: z.number().optional(),
});
export type ComponentHealth = z.infer<typeof componentHealthSchema>;

export const detailedHealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: componentHealthSchema.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  queue: componentHealthSchema,
  model: componentHealthSchema,
});
export type DetailedHealth = z.infer<typeof detailedHealthSchema>;
