#!/usr/bin/env node
// Runs the built CLI when dist/ is at least as new as the sources, otherwise the TypeScript
// sources through tsx, so `npx cutout` works in a fresh checkout without a build step and never
// runs a stale build after the sources changed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'cli.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (existsSync(built) && statSync(built).mtimeMs >= newestSource(join(root, 'src'))) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli.ts')).href);
}
