import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { openDatabase } from '../../db/database.js';
import { signUp } from '../../test/accounts.js';
import { createTestApp, tempDir, testConfig } from '../../test/test-app.js';
import { unzip } from '../../test/unzip.js';
import { LocalDiskStore } from '../storage/object-store.js';
import { BackupError } from './archive-format.js';
import { backupNow, listBackups } from './backups.service.js';
import { restoreBackup } from './restore.js';

// What restore refuses, each before writing anything: an archive cut short (a backup killed
// half-way, for real: the CLI's process is killed while it writes), a foreign zip, a damaged
// entry, a missing or different server secret, and a target that is not empty.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SECRET = `refusals-${randomBytes(24).toString('hex')}`;
const source = tempDir('cutout-backup-source-');
const out = tempDir('cutout-backups-');
let archive: string;
let users: number;

beforeAll(async () => {
  const t = await createTestApp({ env: { DATA_DIR: source.dir, AUTH_SECRET: SECRET } });
  try {
    await signUp(t.app);
    // Jobs whose stored files make the backup long enough to be killed in the middle of them.
    const now = new Date().toISOString();
    for (let i = 0; i < 40; i++) {
      const id = randomUUID();
      await t.app.database.db
        .insertInto('jobs')
        .values({
          id,
          user_id: null,
          status: 'completed',
          stage: 'done',
          progress: 100,
          source: 'upload',
          original_name: `photo-${i}.jpg`,
          content_type: 'image/jpeg',
          input_bytes: 1_000_000,
          via: 'web',
          created_at: now,
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          purged_at: null,
        } as never)
        .execute();
      // Random bytes: nothing to compress, so each takes its full megabyte in the archive.
      await t.app.processing.store.put(`${id}/original.jpg`, randomBytes(1_000_000));
    }
    users = Number(
      (
        await t.app.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    archive = (
      await backupNow({
        config: t.config,
        database: t.app.database.config,
        store: t.app.processing.store,
        dir: out.dir,
      })
    ).file;
  } finally {
    await t.app.close();
  }
}, 120_000);

afterAll(() => {
  source.remove();
  out.remove();
});

function emptyTarget(env: Record<string, string> = { AUTH_SECRET: SECRET }) {
  const dir = tempDir('cutout-restore-');
  const config = testConfig({ DATA_DIR: dir.dir, ...env });
  return { dir, config, store: new LocalDiskStore(config.jobs.resultsDir) };
}

async function refused(file: string, env?: Record<string, string>): Promise<string> {
  const target = emptyTarget(env);
  try {
    const error = await restoreBackup({ archive: file, config: target.config, store: target.store })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    // Nothing was written: no database file, no stored file.
    expect(readdirSync(target.dir.dir)).toEqual([]);
    return (error as Error).message;
  } finally {
    target.dir.remove();
  }
}

describe('backup archives restore refuses', () => {
  it('a backup killed half-way leaves no archive, and its partial file is refused', async () => {
    const killedDir = tempDir('cutout-killed-');
    try {
      const child = spawn(
        process.execPath,
        [
          '--conditions=source',
          '--import',
          'tsx',
          path.join(root, 'apps/server/src/backup-cli.ts'),
          '--out',
          killedDir.dir,
        ],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH ?? '',
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            DATA_DIR: source.dir,
            AUTH_SECRET: SECRET,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      // Killed at its first progress among the files: the tables are written, most files not.
      await new Promise<void>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          if (chunk.includes('files:')) resolve();
        });
        child.on('exit', () => reject(new Error('the backup ended before it was killed')));
      });
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const left = readdirSync(killedDir.dir);
      expect(left.filter((n) => n.endsWith('.zip'))).toEqual([]);
      expect(await listBackups(killedDir.dir)).toEqual([]);
      const partial = left.find((n) => n.endsWith('.partial'));
      expect(partial, 'the partial file it was writing').toBeDefined();
      expect(await refused(path.join(killedDir.dir, partial!))).toMatch(
        /is not a complete backup archive/,
      );
    } finally {
      killedDir.remove();
    }
  }, 120_000);

  it('an archive cut short', async () => {
    const cut = path.join(out.dir, 'cut.zip');
    copyFileSync(archive, cut);
    truncateSync(cut, Math.floor(readFileSync(archive).length / 2));
    expect(await refused(cut)).toMatch(/is not a complete backup archive/);
  });

  it('a zip that is not a Cutout backup', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('{"hello":"world"}'), 'manifest.json');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const foreign = path.join(out.dir, 'foreign.zip');
    writeFileSync(foreign, Buffer.concat(chunks));
    expect(await refused(foreign)).toMatch(/is not a Cutout backup/);
  });

  it('an archive with one entry changed', async () => {
    const entries = await unzip(readFileSync(archive));
    const zip = new yazl.ZipFile();
    for (const [name, data] of entries) {
      const changed =
        name === 'tables/users.jsonl'
          ? Buffer.from(data.toString('utf8').replace(/"credits":\d+/, '"credits":1000000'))
          : data;
      zip.addBuffer(changed, name);
    }
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const tampered = path.join(out.dir, 'tampered.zip');
    writeFileSync(tampered, Buffer.concat(chunks));
    expect(await refused(tampered)).toMatch(
      /damaged: tables\/users\.jsonl does not match its checksum/,
    );
  });

  it('without the server secret, or with another one', async () => {
    expect(await refused(archive, {})).toMatch(/needs the server secret this backup was made with/);
    expect(await refused(archive, { AUTH_SECRET: `other-${SECRET}` })).toMatch(
      /is not the one this backup was made with/,
    );
  });

  it('a database that is not empty; the same archive then restores into an empty one', async () => {
    const target = emptyTarget();
    const otherStore = tempDir();
    try {
      await restoreBackup({ archive, config: target.config, store: target.store });
      const again = await restoreBackup({
        archive,
        config: target.config,
        store: new LocalDiskStore(otherStore.dir),
      }).catch((e: unknown) => e);
      expect((again as Error).message).toMatch(/The database is not empty/);
      const handle = openDatabase(target.config.database);
      try {
        const n = await handle.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(n.n)).toBe(users);
      } finally {
        await handle.close();
      }
      expect(readdirSync(target.config.jobs.resultsDir)).toHaveLength(40);
      expect(readdirSync(otherStore.dir)).toEqual([]);
    } finally {
      target.dir.remove();
      otherStore.remove();
    }
  });
});
