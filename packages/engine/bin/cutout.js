#!/usr/bin/env node
// Runs the built CLI when `npm run build` has produced dist/, otherwise the TypeScript source
// through tsx, so `npx cutout` works in a fresh checkout without a build step.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli.ts', import.meta.url).href);
}
