import * as z from 'zod/mini';

export const backupSummarySchema = z.object({
  name: z.string(),
  bytes: z.number(),
  createdAt: z.string(),
  sha256: z.string(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const backupProgressSchema = z.object({
  stage: z.enum(['tables', 'files', 'done']),
  done: z.number(),
  total: z.number(),
});

export const backupsViewSchema = z.object({
  backups: z.array(backupSummarySchema),
  /** The backup under way, or null. */
  running: z.nullable(backupProgressSchema),
  /** The last backup's outcome since the server started, or null. */
  last: z.nullable(
    z.object({
      at: z.string(),
      ok: z.boolean(),
      name: z.nullable(z.string()),
      error: z.nullable(z.string()),
    }),
  ),
  /** Hours between scheduled backups (0: none), and how many archives are kept. */
  schedule: z.object({ intervalHours: z.number(), keep: z.number() }),
});
export type BackupsView = z.infer<typeof backupsViewSchema>;

export const backupStartedSchema = z.object({ message: z.string() });

export const backupNameParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
});
