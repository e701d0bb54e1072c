import { ConfigError, loadConfig } from './config.js';
import { BackupError } from './modules/backups/archive-format.js';
import { restoreBackup } from './modules/backups/restore.js';
import { openObjectStore } from './modules/storage/open-store.js';
import { usePrivateUmask } from './private-data.js';

// `npm run restore -- <archive>` (decision 0268): into the empty database and store the
// environment names (DATA_DIR, DATABASE_URL, STORAGE_URL), with the same server secret.

usePrivateUmask();
const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error('Usage: npm run restore -- <archive.zip>');
  process.exit(2);
}

try {
  const config = loadConfig();
  const { store, close } = openObjectStore(config.jobs);
  try {
    const { manifest, upgraded } = await restoreBackup({
      archive: args[0]!,
      config,
      store,
      log: (message) => console.error(message),
    });
    const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
    console.error(
      `Restored ${rows} rows and ${manifest.files} files from the backup of ${manifest.createdAt} (${manifest.dialect}) into ${config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL'}${upgraded.length > 0 ? `, then applied ${upgraded.length} newer migrations` : ''}.`,
    );
  } finally {
    close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
