// Zod-free; the schemas are in schemas/health.ts.

export const componentStatuses = ['ok', 'degraded', 'down', 'not_configured'] as const;
