#!/usr/bin/env node
// `npm run backup`: builds whatever is missing or older than its sources, then runs the server's
// backup command (apps/server/src/backup-cli.ts; docs/backups.md), passing its arguments on.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfStale();

const child = spawn(
  process.execPath,
  [path.join(root, 'apps/server/dist/backup-cli.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
