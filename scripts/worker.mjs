#!/usr/bin/env node
// `npm run worker`: builds whatever is missing or older than its sources, then runs one worker
// process (scale-out mode: QUEUE_URL must be set; see README "Scale-out").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfStale();

const worker = spawn(process.execPath, [path.join(root, 'apps/server/dist/worker.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => worker.kill(signal));
}
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
