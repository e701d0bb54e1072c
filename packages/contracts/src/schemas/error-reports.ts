import * as z from 'zod/mini';
import { errorReportKinds, errorReportLimits as max } from '../error-reports.js';

// POST /api/errors (spec §7 Error reporting); the reply is 202 with no body.

export const errorReportSchema = z.object({
  kind: z.enum(errorReportKinds),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(max.message)),
  stack: z.optional(z.string().check(z.maxLength(max.stack))),
  componentStack: z.optional(z.string().check(z.maxLength(max.componentStack))),
  url: z.string().check(z.maxLength(max.url)),
  userAgent: z.optional(z.string().check(z.maxLength(max.userAgent))),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;
