import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  databaseBackupLimits,
  databaseBackupTexts,
  databaseConnectionsEndpoints,
  databaseTexts,
} from '@cutout/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import { acting } from '../audit/acting.js';
import type { DatabaseBackups } from './database-connections.backup.js';

// Admin → Database: Backup (the dump as an attachment) and Restore (multipart `file` and
// `confirmation`). Admin only, behind the same guard and CSRF check as every admin route.
// Decision 0269.

const { maxRestoreBytes, fileField, confirmationField } = databaseBackupLimits;
const mb = Math.round(maxRestoreBytes / 1024 / 1024);

export const databaseBackupRoutes: FastifyPluginAsyncZod<{ backups: DatabaseBackups }> = async (
  app,
  { backups },
) => {
  const guard = { onRequest: app.requireAdmin };
  await app.register(multipart, {
    limits: { fileSize: maxRestoreBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });

  route(
    app,
    databaseConnectionsEndpoints.backup,
    {
      schema: {
        summary:
          'A dump of the active connection’s database as an attachment: SQLite online backup, pg_dump custom format, or mariadb-dump SQL; audited',
      },
      ...guard,
    },
    async (request, reply) => {
      const dump = await backups.backup(acting(request));
      const stream = createReadStream(dump.file);
      // The temporary file goes once the answer is sent (or the client goes away).
      reply.raw.once('close', () => void dump.cleanup());
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${dump.fileName}"`)
        .header('content-length', String(dump.bytes))
        .type(dump.contentType)
        .send(stream);
    },
  );

  route(
    app,
    databaseConnectionsEndpoints.restore,
    {
      schema: {
        summary:
          'Load a dump into the active connection (writes allowed; `confirmation` = its database name); one transaction where the database allows it; audited',
      },
      ...guard,
    },
    async (request) => {
      const caller = acting(request);
      // Refused before the upload is read: not connected, unsupported, read-only.
      const row = await backups.beforeRestore(caller);
      const dir = await mkdtemp(path.join(tmpdir(), 'cutout-restore-'));
      try {
        const upload = await readUpload(request, dir);
        return await backups.restore(caller, upload, upload.confirmation, row);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
};

/** The multipart body: its one file streamed to `dir` (never held in memory), and the confirmation. */
async function readUpload(
  request: FastifyRequest,
  dir: string,
): Promise<{ file: string; fileName: string; bytes: number; confirmation: string }> {
  const failed = (status: number, reason: string) =>
    new AppError(
      status,
      status === 413 ? 'payload_too_large' : 'validation_failed',
      `${databaseTexts.restoreFailed}: ${reason}`,
    );
  if (!request.isMultipart()) throw failed(400, databaseBackupTexts.fileRequired);
  let confirmation = '';
  let file: string | undefined;
  let fileName = 'upload';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === confirmationField) confirmation = String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        continue;
      }
      fileName = path.basename(part.filename || 'upload').slice(0, 200);
      file = path.join(dir, 'upload');
      await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
      if (part.file.truncated) throw failed(413, databaseBackupTexts.fileTooLarge(mb));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw failed(413, databaseBackupTexts.fileTooLarge(mb));
    throw failed(400, (error as Error).message);
  }
  if (!file) throw failed(400, databaseBackupTexts.fileRequired);
  const { size } = await stat(file);
  if (size === 0) throw failed(400, databaseBackupTexts.fileRequired);
  return { file, fileName, bytes: size, confirmation: confirmation.trim() };
}
