import { z } from 'zod';

// POST /api/errors (spec §7 Error reporting): the browser reports rendering errors, uncaught
// errors and unhandled rejections. The server keeps them; the reply is 202 with no body.

export const errorReportKinds = ['render', 'uncaught', 'unhandledrejection', 'manual'] as const;

export const errorReportSchema = z.object({
  kind: z.enum(errorReportKinds),
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(20_000).optional(),
  componentStack: z.string().max(20_000).optional(),
  url: z.string().max(2000),
  userAgent: z.string().max(500).optional(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;
