import { ConfigError, loadConfig } from './config.js';
import { BackupError } from './modules/backups/archive-format.js';
import { backupNow, pruneBackups } from './modules/backups/backups.service.js';
import { openObjectStore } from './modules/storage/open-store.js';
import { usePrivateUmask } from './private-data.js';

// `npm run backup [-- --out DIR] [--include-secret]` (decision 0268): one archive of Cutout's
// own data, safe to run while the server runs. Progress goes to stderr; the archive's path is
// the last line on stdout.

usePrivateUmask();
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : undefined;
const includeSecret = args.includes('--include-secret');
const unknown = args.filter(
  (a, i) => !(a === '--include-secret' || a === '--out' || (outAt >= 0 && i === outAt + 1)),
);
if (unknown.length > 0 || (outAt >= 0 && !out)) {
  console.error('Usage: npm run backup [-- --out DIR] [--include-secret]');
  process.exit(2);
}

try {
  const config = loadConfig();
  const { store, close } = openObjectStore(config.jobs);
  try {
    let last = -1;
    const result = await backupNow({
      config,
      database: config.database,
      store,
      includeSecret,
      ...(out ? { dir: out } : {}),
      onProgress: ({ stage, done, total }) => {
        const percent = Math.floor((done / Math.max(total, 1)) * 100);
        if (percent !== last) process.stderr.write(`\r${stage}: ${percent}%   `);
        last = percent;
      },
    });
    process.stderr.write('\n');
    if (!out) await pruneBackups(config.backups.dir, config.backups.keep);
    const rows = Object.values(result.manifest.tables).reduce((n, t) => n + t.rows, 0);
    console.error(
      `Backed up ${rows} rows and ${result.manifest.files} files (${result.bytes} bytes, SHA-256 ${result.sha256})${includeSecret ? ', with the server secret: keep this archive as safe as the secret' : ''}.`,
    );
    // The path alone on stdout, last: scripts take it with `tail -1`.
    process.stdout.write(`${result.file}\n`);
  } finally {
    close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
