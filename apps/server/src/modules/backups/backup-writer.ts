import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { DatabaseConfig } from '../../config.js';
import { SecretBox } from '../../db/secret-box.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_TABLES,
  fileEntry,
  MANIFEST_ENTRY,
  SECRET_CHECK_TEXT,
  SECRET_ENTRY,
  tableEntry,
  type Manifest,
} from './archive-format.js';
import { openSnapshot, type Row } from './snapshot.repository.js';

// Writes one backup archive (archive-format.ts) into `dir`: the tables from one snapshot, then
// the stored files of the jobs that snapshot holds unpurged, then the manifest. Each entry is
// streamed through a SHA-256 into the zip, one at a time (memory stays flat whatever the size).
// The zip is written as `.<name>.partial` and renamed only once complete and flushed to disk, so
// a backup killed half-way leaves a partial file restore refuses and no `cutout-backup-*.zip`.

export interface BackupProgress {
  stage: 'tables' | 'files' | 'done';
  /** Entries written so far, and how many there will be (files are known after the tables). */
  done: number;
  total: number;
}

export interface BackupOptions {
  database: DatabaseConfig;
  store: ObjectStore;
  /** The server secret (AUTH_SECRET or DATA_DIR/auth-secret), for the manifest's check. */
  secret: string;
  /** Where the archive goes (created 0700 if missing). */
  dir: string;
  appVersion: string;
  includeSecret?: boolean;
  onProgress?: (progress: BackupProgress) => void;
  now?: () => Date;
}

export interface BackupResult {
  file: string;
  name: string;
  bytes: number;
  sha256: string;
  manifest: Manifest;
}

export const BACKUP_NAME = /^cutout-backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.zip$/;

function archiveName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `cutout-backup-${stamp}-${randomBytes(3).toString('hex')}.zip`;
}

/** Lines of JSON, gathered into chunks of about 64 KB. */
async function* jsonLines(rows: AsyncIterable<Row>, count: { rows: number }) {
  let chunk = '';
  for await (const row of rows) {
    chunk += `${JSON.stringify(row)}\n`;
    count.rows += 1;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

export async function writeBackup(options: BackupOptions): Promise<BackupResult> {
  const now = (options.now ?? (() => new Date()))();
  const name = archiveName(now);
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dir, name);
  const temp = path.join(options.dir, `.${name}.partial`);

  const zip = new yazl.ZipFile();
  const output = createWriteStream(temp, { mode: 0o600 });
  const written = pipeline(zip.outputStream, output);
  // An error of the output ends the run at the next entry (see add below).
  let outputError: Error | undefined;
  written.catch((error: unknown) => {
    outputError = error instanceof Error ? error : new Error(String(error));
  });

  const entries: Manifest['entries'] = {};
  /** Adds one entry and waits until the zip has taken all of it. */
  const add = async (entry: string, source: Readable, compress: boolean) => {
    if (outputError) throw outputError;
    const hash = createHash('sha256');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const into = new PassThrough();
    zip.addReadStream(into, entry, { compress, mtime: now, mode: 0o600 });
    await Promise.all([pipeline(source, hashing, into), finished(into)]);
    entries[entry] = { size, sha256: hash.digest('hex') };
  };

  const snapshot = await openSnapshot(options.database);
  try {
    const tables: Manifest['tables'] = {};
    const jobsWithFiles: string[] = [];
    let done = 0;
    const total = () => BACKUP_TABLES.length + jobsWithFiles.length;
    const migrations = await snapshot.migrations();
    for (const table of BACKUP_TABLES) {
      if (!(await snapshot.hasTable(table))) {
        // Made by a later migration than this database has had: the manifest leaves it out.
        options.onProgress?.({ stage: 'tables', done: ++done, total: total() });
        continue;
      }
      const count = { rows: 0 };
      let rows = snapshot.rows(table);
      if (table === 'jobs') rows = noteJobsWithFiles(rows, jobsWithFiles);
      await add(tableEntry(table), Readable.from(jsonLines(rows, count)), true);
      tables[table] = { rows: count.rows };
      options.onProgress?.({ stage: 'tables', done: ++done, total: total() });
    }
    // The snapshot's rows are all read: let the database go before the (longer) files.
    await snapshot.close();

    let files = 0;
    for (const jobId of jobsWithFiles) {
      for (const key of await options.store.listKeys(jobId)) {
        const object = await options.store.open(key);
        // Swept between the snapshot and now (its retention ended): not part of the backup.
        if (!object) continue;
        // Images are compressed already: stored as they are.
        await add(fileEntry(key), object.stream, false);
        files += 1;
      }
      options.onProgress?.({ stage: 'files', done: ++done, total: total() });
    }

    if (options.includeSecret) {
      await add(SECRET_ENTRY, Readable.from([Buffer.from(`${options.secret}\n`)]), true);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: options.appVersion,
      createdAt: now.toISOString(),
      dialect: options.database.dialect,
      migrations,
      tables,
      files,
      includesSecret: Boolean(options.includeSecret),
      secretCheck: new SecretBox(options.secret).seal(SECRET_CHECK_TEXT),
      entries,
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_ENTRY, {
      mtime: now,
      mode: 0o600,
    });
    zip.end();
    await written;
    // On disk before it gets the name restore and the list accept.
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    options.onProgress?.({ stage: 'done', done: total(), total: total() });
    const { size } = await stat(file);
    return { file, name, bytes: size, sha256: await sha256Of(file), manifest };
  } catch (error) {
    await snapshot.close().catch(() => {});
    output.destroy();
    await rm(temp, { force: true });
    throw error;
  }
}

/** Passes the jobs' rows on, noting those whose files are still kept (not purged). */
async function* noteJobsWithFiles(rows: AsyncIterable<Row>, into: string[]) {
  for await (const row of rows) {
    if (row.purged_at === null && typeof row.id === 'string') into.push(row.id);
    yield row;
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
