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

/**
 * The error answers a route declares, by status: every one has the same body, so a routes file
 * names only its statuses (`response: { 200: x, ...errorResponses(400, 401, 404) }`) and the
 * OpenAPI document lists exactly those.
 */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): { [Code in Codes[number]]: typeof errorBodySchema } {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as {
    [Code in Codes[number]]: typeof errorBodySchema;
  };
}
