import * as z from 'zod/mini';

// The one error body (STYLE.md, convention 4); the codes and default texts are in ../errors.ts.

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field messages for a 400 validation failure, keyed by dotted path. */
    fields: z.optional(z.record(z.string(), z.string())),
    requestId: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
