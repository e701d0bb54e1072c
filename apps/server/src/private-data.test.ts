import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { EnginePool } from '@cutout/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openDatabase } from './db/database.js';
import { LocalDiskStore } from './modules/storage/object-store.js';
import { signUp } from './test/accounts.js';
import { createTestEnginePool, photo, uploadJob } from './test/processing.js';
import { openTestPostgres, tempDir, testConfig, testDatabaseUrl } from './test/test-app.js';

// Issue 24 point 8: the data directory 0700 and every file in it 0600 — an install made before
// is tightened at start, and what the server writes afterwards is private from the first byte.

const mode = (file: string) => statSync(file).mode & 0o777;

/** Every directory and file under `dir` with its mode (links not followed). */
function modes(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isSymbolicLink()) continue;
      out.set(path.relative(dir, full), lstatSync(full).mode & 0o777);
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out;
}

let engine: EnginePool;
beforeAll(() => {
  engine = createTestEnginePool();
});
afterAll(async () => {
  await engine.close();
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  const run = dialect === 'postgres' && !testDatabaseUrl ? describe.skip : describe;
  run(
    `private data on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${run === describe.skip ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
    () => {
      it('tightens an install made before to 0700/0600 at start, and writes new files private', async () => {
        // An install as an older Cutout (umask 022) left it: world-readable everything.
        const old = process.umask(0o022);
        const tmp = tempDir('cutout-private-');
        const outside = tempDir('cutout-outside-');
        try {
          const dataDir = tmp.dir;
          chmodSync(dataDir, 0o755);
          const files = {
            secret: path.join(dataDir, 'auth-secret'),
            original: path.join(dataDir, 'results/job-1/original'),
            result: path.join(dataDir, 'results/job-1/refined.png'),
            model: path.join(dataDir, 'models/custom.onnx'),
            connection: path.join(dataDir, 'sqlite-connections/shop.db'),
          };
          for (const file of Object.values(files)) {
            mkdirSync(path.dirname(file), { recursive: true });
            writeFileSync(file, 'x'.repeat(40));
          }
          if (dialect === 'sqlite') {
            const db = new SQLite(path.join(dataDir, 'cutout.db'));
            db.pragma('journal_mode = WAL');
            db.exec('create table t (x)');
            // Left open so the WAL and shared-memory files are there, as after a crash.
            expect(mode(path.join(dataDir, 'cutout.db-wal'))).toBe(0o644);
            db.close();
            writeFileSync(path.join(dataDir, 'cutout.db-wal'), '');
          }
          // A link to a file elsewhere is neither changed nor followed.
          const foreign = path.join(outside.dir, 'foreign.txt');
          writeFileSync(foreign, 'not ours');
          symlinkSync(foreign, path.join(dataDir, 'results/job-1/link'));
          expect(mode(files.original)).toBe(0o644);
          expect(mode(path.dirname(files.original))).toBe(0o755);

          const pg = dialect === 'postgres' ? await openTestPostgres(testDatabaseUrl!) : undefined;
          const config = testConfig({ DATA_DIR: dataDir });
          const app = await buildApp(config, {
            webApp: null,
            engine,
            ...(pg ? { database: pg.handle } : {}),
          });
          try {
            // Tightened while the app is built, before anything opens or sweeps (the start's
            // sweep later removes results/job-1, which no job owns).
            expect(mode(dataDir)).toBe(0o700);
            const found = modes(dataDir);
            const expected = [
              'auth-secret',
              'models',
              'models/custom.onnx',
              'results',
              'results/job-1',
              'results/job-1/original',
              'results/job-1/refined.png',
              'sqlite-connections',
              'sqlite-connections/shop.db',
              ...(dialect === 'sqlite' ? ['cutout.db', 'cutout.db-wal'] : []),
            ];
            expect([...found.keys()]).toEqual(expect.arrayContaining(expected));
            for (const [name, m] of found) {
              const isDir = statSync(path.join(dataDir, name)).isDirectory();
              expect([name, m.toString(8)]).toEqual([name, isDir ? '700' : '600']);
            }
            expect(mode(foreign)).toBe(0o644);
            await app.ready();

            // What the server writes from now on: the database's WAL, a job's original and
            // results, all private although this process's umask would allow 0644.
            const user = await signUp(app);
            const created = await uploadJob(app, user.cookie, {
              name: 'x.jpg',
              type: 'image/jpeg',
              data: (await photo(64, 48)).file,
            });
            expect(created.statusCode, created.body).toBe(202);
            const job = await app.processing.jobs.waitUntilFinished(created.json().id);
            expect(job.status).toBe('completed');
            const jobDir = path.join(config.jobs.resultsDir, job.id);
            expect(mode(jobDir)).toBe(0o700);
            const written = readdirSync(jobDir);
            expect(written.sort()).toEqual(
              ['original', 'refined.png', 'transparent_bg.png', 'white_bg.png'].sort(),
            );
            for (const name of written)
              expect([name, mode(path.join(jobDir, name))]).toEqual([name, 0o600]);
            if (dialect === 'sqlite') {
              expect(mode(path.join(dataDir, 'cutout.db'))).toBe(0o600);
              expect(mode(path.join(dataDir, 'cutout.db-wal'))).toBe(0o600);
              expect(mode(path.join(dataDir, 'cutout.db-shm'))).toBe(0o600);
            }
          } finally {
            await app.close();
            await pg?.dispose();
          }
        } finally {
          process.umask(old);
          tmp.remove();
          outside.remove();
        }
      });
    },
  );
}

describe('new private places', () => {
  it('a fresh SQLite database, its directory and stored objects are private whatever the umask', async () => {
    const old = process.umask(0o022);
    const tmp = tempDir('cutout-fresh-');
    try {
      const file = path.join(tmp.dir, 'nested/data/cutout.db');
      const handle = openDatabase({ dialect: 'sqlite', file });
      await handle.db.schema.createTable('t').addColumn('x', 'text').execute();
      expect(mode(path.dirname(file))).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      await handle.close();

      const store = new LocalDiskStore(path.join(tmp.dir, 'results'));
      await store.put('job-2/refined.png', new Uint8Array([1, 2, 3]));
      expect(mode(path.join(tmp.dir, 'results'))).toBe(0o700);
      expect(mode(path.join(tmp.dir, 'results/job-2'))).toBe(0o700);
      expect(mode(path.join(tmp.dir, 'results/job-2/refined.png'))).toBe(0o600);
    } finally {
      process.umask(old);
      tmp.remove();
    }
  });
});
