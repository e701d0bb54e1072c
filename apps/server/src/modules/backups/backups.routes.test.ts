import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupTexts, type BackupsView } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import {
  adminCookie,
  createAccountsApp,
  onBothDialects,
  signUp,
  TEST_ADMIN,
} from '../../test/accounts.js';
import { tempDir } from '../../test/test-app.js';
import { unzip } from '../../test/unzip.js';

// Admin → Settings → Backups (decision 0268): 'Back up now' runs in the background while the
// server answers, the list shows each archive's size, date and checksum, download gives the same
// bytes, delete removes it; a failed backup shows on /health/detailed and mails the admins.

const dirs: { remove: () => void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));
const backupDir = () => {
  const dir = tempDir('cutout-admin-backups-');
  dirs.push(dir);
  return dir.dir;
};

async function view(app: FastifyInstance, cookie: string): Promise<BackupsView> {
  const res = await app.inject({ url: '/api/admin/backups', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<BackupsView>();
}

onBothDialects(
  'admin backups',
  (get) => {
    it('backs up now, lists, downloads and deletes', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const user = await signUp(app);
      expect((await view(app, admin)).backups).toEqual([]);

      const started = await app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: { cookie: admin },
      });
      expect(started.statusCode).toBe(202);
      expect(started.json()).toEqual({ message: backupTexts.started });
      // The server keeps answering while it runs.
      expect(
        (await app.inject({ url: '/api/me', headers: { cookie: user.cookie } })).statusCode,
      ).toBe(200);
      const listed = await vi.waitFor(
        async () => {
          const now = await view(app, admin);
          expect(now.running).toBeNull();
          expect(now.backups).toHaveLength(1);
          return now;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(listed.last).toMatchObject({ ok: true, error: null });
      const [backup] = listed.backups;
      expect(backup!.name).toMatch(/^cutout-backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.zip$/);

      const download = await app.inject({
        url: `/api/admin/backups/${backup!.name}`,
        headers: { cookie: admin },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/zip');
      expect(download.rawPayload.length).toBe(backup!.bytes);
      expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(backup!.sha256);
      const entries = await unzip(download.rawPayload);
      const users = entries.get('tables/users.jsonl')!.toString('utf8');
      expect(users).toContain(user.email);
      expect(entries.has('secret/auth-secret')).toBe(false);

      // Only names from the list: no path reaches the disk.
      for (const name of ['..%2F..%2Fetc%2Fpasswd', 'cutout.db']) {
        const bad = await app.inject({
          url: `/api/admin/backups/${name}`,
          headers: { cookie: admin },
        });
        expect(bad.statusCode).toBe(404);
      }
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/admin/backups/${backup!.name}`,
        headers: { cookie: admin },
      });
      expect(removed.statusCode).toBe(200);
      expect((await view(app, admin)).backups).toEqual([]);
      const health = await app.inject({ url: '/health/detailed' });
      expect(health.json().backups).toMatchObject({ status: 'ok' });
    }, 60_000);
  },
  { env: { BACKUP_DIR: backupDir() } },
);

describe('a failed backup', () => {
  it('shows on /health/detailed and mails the admins', async () => {
    // A file where the directory should be: the backup cannot be written.
    const dir = backupDir();
    const blocked = path.join(dir, 'not-a-directory');
    writeFileSync(blocked, 'x');
    const t = await createAccountsApp('sqlite', {
      env: { BACKUP_DIR: path.join(blocked, 'backups') },
    });
    try {
      const { app } = t;
      const admin = await adminCookie(app);
      const started = await app.inject({
        method: 'POST',
        url: '/api/admin/backups',
        headers: { cookie: admin },
      });
      expect(started.statusCode).toBe(202);
      const last = await vi.waitFor(
        async () => {
          const now = await view(app, admin);
          expect(now.last).not.toBeNull();
          return now.last!;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(last.ok).toBe(false);
      const health = (await app.inject({ url: '/health/detailed' })).json();
      expect(health.status).toBe('degraded');
      expect(health.backups.status).toBe('degraded');
      expect(health.backups.detail).toContain('the last backup failed');
      const mails = await listOutbox(app.database.db, TEST_ADMIN.email);
      expect(mails.map((m) => m.subject)).toContain('[Cutout] Backup failed');
    } finally {
      await t.close();
    }
  }, 60_000);
});
