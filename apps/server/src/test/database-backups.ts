import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { databaseBackupApiPaths as api } from '@cutout/contracts';

// Backup and Restore as the admin's page calls them (decision 0269): the dump as bytes, and a
// multipart restore with the file and the typed confirmation.

export function backupApi(app: FastifyInstance, cookie: string) {
  return {
    async backup() {
      const res = await app.inject({ method: 'POST', url: api.backup, headers: { cookie } });
      return { res, bytes: res.rawPayload };
    },
    async restore(file: Buffer | undefined, confirmation: string | undefined, name = 'backup') {
      const boundary = `----cutout${randomBytes(8).toString('hex')}`;
      const parts: Buffer[] = [];
      if (confirmation !== undefined) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="confirmation"\r\n\r\n${confirmation}\r\n`,
          ),
        );
      }
      if (file) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          file,
          Buffer.from('\r\n'),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      return app.inject({
        method: 'POST',
        url: api.restore,
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat(parts),
      });
    },
  };
}
