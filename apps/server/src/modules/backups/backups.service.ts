import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { backupRetentionDays } from '@cutout/contracts';
import type { Config, DatabaseConfig } from '../../config.js';
import { resolveAuthSecret } from '../accounts/accounts.module.js';
import type { ObjectStore } from '../storage/object-store.js';
import { BackupError } from './archive-format.js';
import {
  BACKUP_NAME,
  writeBackup,
  type BackupProgress,
  type BackupResult,
} from './backup-writer.js';

// The backups of Cutout's own data (decision 0268), as the CLI, the admin's page, the schedule
// and the start before migrations all take them: one archive in the backup directory, its
// SHA-256 beside it (`<name>.sha256`, so the list need not read every archive), the oldest
// deleted beyond the number kept.

export type BackupsConfig = Config['backups'];

export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

export interface BackupSummary {
  name: string;
  bytes: number;
  createdAt: string;
  sha256: string;
}

export interface BackupNowOptions {
  config: Pick<Config, 'dataDir' | 'authSecret' | 'backups'>;
  /** The database to read: the server's own (app.database.config), or the configured one. */
  database: DatabaseConfig;
  store: ObjectStore;
  includeSecret?: boolean;
  /** Another directory than the configured one (the CLI's --out). */
  dir?: string;
  onProgress?: (progress: BackupProgress) => void;
}

export async function backupNow(options: BackupNowOptions): Promise<BackupResult> {
  const dir = options.dir ?? options.config.backups.dir;
  const result = await writeBackup({
    database: options.database,
    store: options.store,
    secret: resolveAuthSecret(options.config.authSecret, options.config.dataDir),
    dir,
    appVersion,
    includeSecret: options.includeSecret ?? false,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  await writeFile(`${result.file}.sha256`, `${result.sha256}  ${result.name}\n`, { mode: 0o600 });
  return result;
}

export async function listBackups(dir: string): Promise<BackupSummary[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => BACKUP_NAME.test(n));
  } catch (error) {
    // Not made yet, or not a directory (the failed backup says why): nothing to list.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  const out: BackupSummary[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info) continue;
    const sha256 = await readFile(`${file}.sha256`, 'utf8')
      .then((text) => text.split(/\s/)[0] ?? '')
      .catch(() => '');
    out.push({ name, bytes: info.size, createdAt: info.mtime.toISOString(), sha256 });
  }
  return out.sort((a, b) => b.name.localeCompare(a.name));
}

/** The archive's path, for a name from the list (nothing else: no path in a name). */
export function backupPath(dir: string, name: string): string {
  if (!BACKUP_NAME.test(name)) throw new BackupError('No backup has that name.');
  return path.join(dir, name);
}

export async function deleteBackup(dir: string, name: string): Promise<boolean> {
  const file = backupPath(dir, name);
  const existed = await stat(file).then(
    () => true,
    () => false,
  );
  await rm(file, { force: true });
  await rm(`${file}.sha256`, { force: true });
  return existed;
}

/**
 * Deletes the oldest archives beyond `keep`, and any older than backupRetentionDays (what the
 * privacy page promises); returns their names.
 */
export async function pruneBackups(
  dir: string,
  keep: number,
  now: Date = new Date(),
): Promise<string[]> {
  const all = await listBackups(dir);
  const oldest = now.getTime() - backupRetentionDays * 86_400_000;
  const old = all
    .filter((b, i) => i >= keep || Date.parse(b.createdAt) < oldest)
    .map((b) => b.name);
  for (const name of old) await deleteBackup(dir, name);
  return old;
}
