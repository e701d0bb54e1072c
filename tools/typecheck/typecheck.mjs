#!/usr/bin/env node
// Type-checks with TypeScript 7 (the native compiler), which this workspace alone installs: the
// rest of the repository keeps TypeScript 6 for typescript-eslint, Vite, the builds and editors,
// and the root node_modules/.bin/tsc stays TypeScript 6 (decision 0252).
//
//   node tools/typecheck/typecheck.mjs                   every workspace (./tsconfig.json here)
//   node tools/typecheck/typecheck.mjs a/tsconfig.json   the given projects, relative to the cwd
//
// The web app's route types come from `react-router typegen`, which the callers run first.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// Resolved from this folder: tools/typecheck/node_modules/typescript, not the root's.
const manifest = createRequire(import.meta.url).resolve('typescript/package.json');
const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
if (!version.startsWith('7.')) {
  console.error(`typecheck: expected TypeScript 7 at ${manifest}, found ${version}`);
  process.exit(2);
}

const projects = process.argv.slice(2);
if (projects.length === 0) projects.push(path.join(here, 'tsconfig.json'));

// Build mode checks the projects in one process, which shares the parsed files they have in
// common. --force: projects are never skipped as up to date (build mode writes a .tsbuildinfo
// beside each tsconfig). --singleThreaded: on CI's 2 cores, shared with other work, extra
// checker threads cost about twice the CPU seconds for little wall-clock time.
const args = ['-b', ...projects, '--noEmit', '--force', '--singleThreaded'];
const shown = args.map((arg) => (arg.endsWith('.json') ? path.relative(process.cwd(), arg) : arg));
process.stdout.write(`TypeScript ${version}: tsc ${shown.join(' ')}\n`);
const tsc = spawnSync(process.execPath, [path.join(path.dirname(manifest), 'bin/tsc'), ...args], {
  stdio: 'inherit',
});
if (tsc.error) throw tsc.error;
process.exit(tsc.status ?? 1);
