import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestPostgres, tempDir, testDatabaseUrl } from '../test/test-app.js';
import {
  countErrorReports,
  findErrorReport,
} from '../modules/error-reports/error-reports.repository.js';
import { recordErrorReport } from '../modules/error-reports/error-reports.service.js';
import {
  claimResultEdit,
  findJob,
  insertJob,
  setResultVersion,
} from '../modules/jobs/jobs.repository.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrations/index.js';

// The same migrations and repository round trip on both dialects. Without a PostgreSQL to use,
// its suite is registered skipped (`suite`), so the report lists the real tests it did not run.
function roundTrip(
  name: string,
  open: () => Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }>,
  suite: typeof describe | typeof describe.skip = describe,
) {
  suite(name, () => {
    let handle: DatabaseHandle;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, dispose } = await open());
    });
    afterAll(async () => {
      await handle?.close();
      await dispose?.();
    });

    it('applies the migrations once, and again is a no-op', async () => {
      const first = await migrateToLatest(handle.db, handle.dialect);
      expect(first).toContain('0001-error-reports');
      expect(await migrateToLatest(handle.db, handle.dialect)).toEqual([]);
    });

    it('writes and reads back an error report with its timestamp as ISO-8601', async () => {
      const now = new Date('2026-01-02T03:04:05.678Z');
      const id = await recordErrorReport(
        handle.db,
        { kind: 'render', message: 'Boom', stack: 'at X', url: 'http://127.0.0.1/x' },
        { ip: '127.0.0.1', now },
      );
      const row = await findErrorReport(handle.db, id);
      expect(row).toMatchObject({
        id,
        kind: 'render',
        message: 'Boom',
        stack: 'at X',
        component_stack: null,
        ip: '127.0.0.1',
        created_at: now.toISOString(),
      });
      expect(await countErrorReports(handle.db)).toBe(1);
    });

    it('numbers touch-up versions one by one, two saves at once included, until the job is purged', async () => {
      const id = 'job-touch-up';
      const now = new Date().toISOString();
      await insertJob(handle.db, {
        id,
        user_id: null,
        status: 'completed',
        stage: 'done',
        progress: 100,
        source: 'upload',
        original_name: 'dog.jpg',
        content_type: 'image/jpeg',
        input_bytes: 1,
        width: 10,
        height: 10,
        error_code: null,
        error_message: null,
        timings: null,
        via: 'web',
        created_at: now,
        started_at: now,
        finished_at: now,
        expires_at: now,
        purged_at: null,
        visitor_token_hash: null,
      });
      const claims = await Promise.all([
        claimResultEdit(handle.db, id),
        claimResultEdit(handle.db, id),
      ]);
      expect(claims.sort()).toEqual([1, 2]);
      expect(await setResultVersion(handle.db, id, 2)).toBe(true);
      expect(await findJob(handle.db, id)).toMatchObject({ result_version: 2, result_edits: 2 });
      await handle.db.updateTable('jobs').set({ purged_at: now }).where('id', '=', id).execute();
      expect(await claimResultEdit(handle.db, id)).toBeUndefined();
      expect(await setResultVersion(handle.db, id, 3)).toBe(false);
      expect(await findJob(handle.db, id)).toMatchObject({ result_version: 2, result_edits: 2 });
    });

    it('rolls back the whole write when part of it fails', async () => {
      const before = await countErrorReports(handle.db);
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('error_reports')
            .values({
              id: 'r1',
              kind: 'manual',
              message: 'm',
              stack: null,
              component_stack: null,
              url: '/',
              user_agent: null,
              ip: null,
              created_at: new Date().toISOString(),
            })
            .execute();
          throw new Error('second step failed');
        }),
      ).rejects.toThrow('second step failed');
      expect(await countErrorReports(handle.db)).toBe(before);
    });
  });
}

roundTrip('SQLite', async () => {
  const tmp = tempDir();
  const handle = openDatabase({
    dialect: 'sqlite',
    file: path.join(tmp.dir, 'nested', 'cutout.db'),
  });
  return { handle, dispose: async () => tmp.remove() };
});

const postgresUrl = testDatabaseUrl;
if (postgresUrl) {
  roundTrip('PostgreSQL', () => openTestPostgres(postgresUrl, { empty: true }));
} else {
  roundTrip(
    'PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
    () => Promise.reject(new Error('unreachable: the suite is skipped')),
    describe.skip,
  );
}

describe.skipIf(!postgresUrl)('PostgreSQL pool', () => {
  it('survives PostgreSQL dropping an idle connection, says so, and opens another', async () => {
    const dropped: Error[] = [];
    const { handle, dispose } = await openTestPostgres(postgresUrl!, {
      onIdleError: (error) => dropped.push(error),
    });
    const { sql } = await import('kysely');
    try {
      const backend = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!
          .pid;
      const first = await backend();
      // As an administrator (or a PostgreSQL restart) would: the pool's idle connection goes.
      const admin = await openTestPostgres(postgresUrl!, { empty: true });
      await sql`select pg_terminate_backend(${first})`.execute(admin.handle.db);
      await admin.handle.close();
      await admin.dispose();
      await vi.waitFor(() => expect(dropped).toHaveLength(1), { timeout: 10_000 });
      expect((dropped[0] as Error & { code?: string }).code).toBe('57P01');
      expect(await backend()).not.toBe(first);
    } finally {
      await handle.close();
      await dispose();
    }
  });
});

describe('SQLite file', () => {
  it('is created on first open, in WAL mode', async () => {
    const tmp = tempDir();
    const file = path.join(tmp.dir, 'cutout.db');
    const handle = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db, handle.dialect);
    const { sql } = await import('kysely');
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    await handle.close();
    tmp.remove();
  });
});
