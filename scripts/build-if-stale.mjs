#!/usr/bin/env node
// Builds each workspace whose output is missing or older than its sources, in dependency order.
// Used by `npm start` and by the browser tests; `npm run build` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = (...p) => path.join(root, ...p);

// In build order. `inputs` are what the output is made from; `stamp` is written after a build.
const targets = [
  {
    workspace: '@cutout/contracts',
    inputs: [r('packages/contracts/src'), r('packages/contracts/package.json')],
    stamp: r('packages/contracts/dist/.build-stamp'),
  },
  {
    workspace: '@cutout/engine',
    inputs: [r('packages/engine/src'), r('packages/engine/package.json')],
    stamp: r('packages/engine/dist/.build-stamp'),
  },
  {
    workspace: '@cutout/web',
    inputs: [
      r('apps/web/src'),
      r('apps/web/public'),
      r('apps/web/package.json'),
      r('apps/web/vite.config.ts'),
      r('apps/web/react-router.config.ts'),
      r('apps/web/scripts/paint-first.mjs'),
      r('apps/web/scripts/precompress.mjs'),
      r('packages/contracts/src'),
    ],
    stamp: r('apps/web/build/.build-stamp'),
  },
  {
    workspace: '@cutout/server',
    inputs: [r('apps/server/src'), r('apps/server/package.json')],
    stamp: r('apps/server/dist/.build-stamp'),
  },
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function buildIfStale() {
  for (const t of targets) {
    const built = existsSync(t.stamp) ? statSync(t.stamp).mtimeMs : 0;
    const changed = Math.max(...t.inputs.map(newestMtime));
    if (built >= changed) continue;
    console.log(`[build] building ${t.workspace} (${built ? 'sources changed' : 'not built yet'})`);
    const result = spawnSync('npm', ['run', 'build', '-w', t.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error(`[build] building ${t.workspace} failed; see the output above.`);
      process.exit(result.status ?? 1);
    }
    writeFileSync(t.stamp, new Date().toISOString());
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
