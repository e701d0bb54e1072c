import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

// Everything Cutout keeps on disk is private to the account it runs as (docs/decisions/0136):
// the database and its WAL hold password hashes and sessions, originals and results are the
// users' photos, the auth secret signs sessions. Directories are 0700 and files 0600. New ones
// are created so (explicit modes, and a umask of 077 in the processes Cutout starts), and an
// install made before this is tightened at start.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` (and its missing parents) with mode 0700; an existing `dir` is set to 0700. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, lstatSync(dir));
}

/** For entry points only (never a library): files and directories they create are private. */
export function usePrivateUmask(): void {
  process.umask(0o077);
}

export interface Tightened {
  /** Entries whose mode was changed. */
  changed: number;
  /** Entries looked at. */
  seen: number;
}

/**
 * Cutout's own places, created if missing and tightened: DATA_DIR 0700; in it (or where the
 * configuration puts them) the SQLite database with its WAL and shared-memory files, the auth
 * secret, and the trees of results, models, samples and SQLite connections, every directory
 * 0700 and every file 0600. Only these are walked, so a DATA_DIR pointed at a directory that also
 * holds other things (a mistake, but a possible one) never has those changed; the directory's
 * own 0700 already keeps them from other accounts. Symbolic links are neither changed nor
 * followed. Trees configured outside DATA_DIR that may hold files others use (SAMPLES_DIR,
 * DATABASE_CONNECTIONS_SQLITE_DIR) are left as the operator set them; RESULTS_DIR is Cutout's.
 */
export function tightenDataDir(
  config: Pick<Config, 'dataDir' | 'database' | 'jobs' | 'databaseConnections'> &
    Partial<Pick<Config, 'backups'>>,
): Tightened {
  const count: Tightened = { changed: 0, seen: 0 };
  const { dataDir } = config;
  makePrivateDir(dataDir);
  const trees = [path.join(dataDir, 'models')];
  if (!config.jobs.storage) trees.push(config.jobs.resultsDir);
  // The backups hold everything the database does (decision 0268).
  if (config.backups && inside(config.backups.dir, dataDir)) trees.push(config.backups.dir);
  for (const dir of [config.jobs.samplesDir, config.databaseConnections.sqliteDir]) {
    if (inside(dir, dataDir)) trees.push(dir);
  }
  for (const tree of trees) walk(tree, count);
  const files = [path.join(dataDir, 'auth-secret')];
  if (config.database.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      files.push(`${config.database.file}${suffix}`);
    }
  }
  for (const file of files) tightenIfPresent(file, count);
  return count;
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function walk(dir: string, count: Tightened): void {
  let stats: Stats;
  try {
    stats = lstatSync(dir);
  } catch {
    return;
  }
  count.seen += 1;
  if (!stats.isDirectory()) {
    if (tighten(dir, stats)) count.changed += 1;
    return;
  }
  if (tighten(dir, stats)) count.changed += 1;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, count);
    else if (entry.isFile()) tightenIfPresent(full, count);
  }
}

function tightenIfPresent(file: string, count: Tightened): void {
  let stats: Stats;
  try {
    stats = lstatSync(file);
  } catch {
    return;
  }
  count.seen += 1;
  if (tighten(file, stats)) count.changed += 1;
}

/** Sets 0700/0600 when the mode differs; true when it changed. Links and others are left. */
function tighten(file: string, stats: Stats): boolean {
  const wanted = stats.isDirectory()
    ? PRIVATE_DIR_MODE
    : stats.isFile()
      ? PRIVATE_FILE_MODE
      : undefined;
  if (wanted === undefined || (stats.mode & 0o777) === wanted) return false;
  chmodSync(file, wanted);
  return true;
}
