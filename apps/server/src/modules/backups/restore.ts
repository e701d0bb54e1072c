import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { migrateToLatest, migrationNames } from '../../db/migrations/index.js';
import { SecretBox, SecretBoxError } from '../../db/secret-box.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../../private-data.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  BACKUP_TABLES,
  BackupError,
  fileEntry,
  SECRET_CHECK_TEXT,
  SECRET_ENTRY,
  tableEntry,
  type Manifest,
} from './archive-format.js';
import { openArchive, verifyArchive, type OpenArchive } from './archive-reader.js';
import { dependencyOrder, hasCutoutTables, loadRows } from './restore.repository.js';
import type { Row } from './snapshot.repository.js';

// `npm run restore -- <archive>` (decision 0268): into an empty database and an empty store only.
// Everything that can be checked is checked before anything is written: the archive whole (every
// checksum), the server secret, the migrations, the emptiness of the targets. Then the files are
// put, the database is brought to the archive's migrations, the rows load in one transaction,
// and the migrations added since the backup run last, as at any start.

export interface RestoreOptions {
  archive: string;
  config: Pick<Config, 'dataDir' | 'database' | 'authSecret'>;
  store: ObjectStore;
  log?: (message: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied after the rows loaded (the archive was older than this Cutout). */
  upgraded: string[];
}

/** The server secret the target will run with, without creating one (resolveAuthSecret would). */
function targetSecret(config: RestoreOptions['config']): string | undefined {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  if (!existsSync(file)) return undefined;
  const stored = readFileSync(file, 'utf8').trim();
  return stored.length >= 32 ? stored : undefined;
}

async function checkSecret(archive: OpenArchive, config: RestoreOptions['config']) {
  const { manifest } = archive;
  let secret = targetSecret(config);
  let writeSecret: string | undefined;
  if (!secret) {
    if (!manifest.includesSecret) {
      throw new BackupError(
        'Restoring needs the server secret this backup was made with, and none is set: set AUTH_SECRET to it, or copy the old DATA_DIR/auth-secret into the new DATA_DIR (backups leave it out unless made with --include-secret). Without it, stored passwords of connections and providers, sessions and result links would not work. Nothing was restored.',
      );
    }
    secret = (await archive.read(SECRET_ENTRY)).toString('utf8').trim();
    writeSecret = secret;
  }
  try {
    if (new SecretBox(secret).open(manifest.secretCheck) !== SECRET_CHECK_TEXT) throw new Error();
  } catch (error) {
    if (error instanceof SecretBoxError || error instanceof Error) {
      throw new BackupError(
        'The server secret here (AUTH_SECRET or DATA_DIR/auth-secret) is not the one this backup was made with: stored secrets, sessions and result links would not work. Set the original secret and run the restore again. Nothing was restored.',
      );
    }
    throw error;
  }
  return writeSecret;
}

function checkMigrations(manifest: Manifest) {
  const known = new Set(migrationNames);
  const unknown = [
    ...manifest.migrations.filter((m) => !known.has(m)),
    ...Object.keys(manifest.tables).filter((t) => !(BACKUP_TABLES as string[]).includes(t)),
  ];
  if (unknown.length > 0) {
    throw new BackupError(
      `The backup was made by a newer Cutout (it has migrations or tables this one does not know: ${unknown.join(', ')}). Restore it with that version or a later one. Nothing was restored.`,
    );
  }
}

async function* jsonRows(archive: OpenArchive, table: string): AsyncIterable<Row> {
  const lines = createInterface({
    input: await archive.stream(tableEntry(table)),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line) yield JSON.parse(line) as Row;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const archive = await openArchive(options.archive);
  try {
    const { manifest } = archive;
    log(`Checking ${Object.keys(manifest.entries).length} entries of ${options.archive}…`);
    await verifyArchive(archive);
    checkMigrations(manifest);
    const writeSecret = await checkSecret(archive, options.config);

    const handle = openDatabase(options.config.database);
    try {
      if (await hasCutoutTables(handle.db, handle.dialect)) {
        throw new BackupError(
          `The database is not empty (it has Cutout's tables already): restore into a new, empty database${handle.dialect === 'sqlite' ? ' (an empty DATA_DIR)' : ''}. Nothing was restored.`,
        );
      }
      if ((await options.store.listPrefixes()).length > 0) {
        throw new BackupError(
          'The image store is not empty (RESULTS_DIR or the STORAGE_URL bucket and prefix): restore into an empty one. Nothing was restored.',
        );
      }

      const files = Object.keys(manifest.entries).filter((e) => e.startsWith('files/'));
      log(`Restoring ${files.length} stored files…`);
      const written = new Set<string>();
      try {
        for (const entry of files) {
          const key = entry.slice(fileEntry('').length);
          await options.store.put(key, await archive.read(entry));
          written.add(key.split('/')[0]!);
        }
        log(
          `Loading ${Object.keys(manifest.tables).length} tables (migrations at the backup's level first)…`,
        );
        await migrateToLatest(handle.db, handle.dialect, { only: manifest.migrations });
        const order = await dependencyOrder(
          handle.db,
          handle.dialect,
          BACKUP_TABLES.filter((t) => t in manifest.tables),
        );
        await loadRows(
          handle.db,
          handle.dialect,
          order,
          async (table) => jsonRows(archive, table),
          manifest.tables,
        );
      } catch (error) {
        // The store was empty: what this run put there goes again.
        for (const prefix of written) await options.store.deletePrefix(prefix);
        throw error;
      }
      const upgraded = await migrateToLatest(handle.db, handle.dialect);
      if (writeSecret) {
        makePrivateDir(options.config.dataDir);
        writeFileSync(path.join(options.config.dataDir, 'auth-secret'), `${writeSecret}\n`, {
          mode: PRIVATE_FILE_MODE,
        });
      }
      return { manifest, upgraded };
    } finally {
      await handle.close();
    }
  } finally {
    archive.close();
  }
}
