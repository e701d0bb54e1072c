// POST /api/errors (spec §7 Error reporting): the browser reports rendering errors, uncaught
// errors and unhandled rejections. The server keeps them; the reply is 202 with no body.
// Zod-free; `errorReportSchema` is in schemas/error-reports.ts.

export const errorReportKinds = ['render', 'uncaught', 'unhandledrejection', 'manual'] as const;

/** The longest text each field may hold; the browser cuts its report to these before sending. */
export const errorReportLimits = {
  message: 2000,
  stack: 20_000,
  componentStack: 20_000,
  url: 2000,
  userAgent: 500,
} as const;
