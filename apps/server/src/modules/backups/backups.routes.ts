import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { backupsEndpoints, backupTexts } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import type { BackupRunner } from './backups.runner.js';
import { backupPath, deleteBackup, listBackups } from './backups.service.js';

// Admin → Settings → Backups (decision 0268): the list, 'Back up now', download, delete.
// Admin-only (route-guards.test.ts).

export const backupsRoutes: FastifyPluginAsyncZod<{
  runner: BackupRunner;
  dir: string;
  intervalMs: number;
  keep: number;
}> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  route(
    app,
    backupsEndpoints.list,
    {
      schema: { summary: 'The backups, the one under way and the last outcome' },
      onRequest: app.requireAdmin,
    },
    async () => ({
      backups: await listBackups(deps.dir),
      running: deps.runner.running(),
      last: deps.runner.last(),
      schedule: { intervalHours: deps.intervalMs / 3_600_000, keep: deps.keep },
    }),
  );

  route(
    app,
    backupsEndpoints.create,
    { schema: { summary: 'Starts a backup in the background' }, onRequest: app.requireAdmin },
    async (_request, reply) => {
      if (!deps.runner.start()) throw new AppError(409, 'conflict', backupTexts.alreadyRunning);
      return reply.code(202).send({ message: backupTexts.started });
    },
  );

  route(
    app,
    backupsEndpoints.download,
    { schema: { summary: 'One backup archive (zip)' }, onRequest: app.requireAdmin },
    async (request, reply) => {
      let file: string;
      try {
        file = backupPath(deps.dir, request.params.id);
      } catch {
        throw new AppError(404, 'not_found', backupTexts.notFound);
      }
      const info = await stat(file).catch(() => undefined);
      if (!info) throw new AppError(404, 'not_found', backupTexts.notFound);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', info.size)
        .header('content-disposition', `attachment; filename="${request.params.id}"`)
        .send(createReadStream(file));
    },
  );

  route(
    app,
    backupsEndpoints.remove,
    { schema: { summary: 'Deletes one backup' }, onRequest: app.requireAdmin },
    async (request) => {
      // A name that is not an archive's (backupPath throws) is as missing as one deleted.
      const existed = await deleteBackup(deps.dir, request.params.id).catch(() => false);
      if (!existed) throw new AppError(404, 'not_found', backupTexts.notFound);
      return { message: backupTexts.deleted };
    },
  );
};
