#!/usr/bin/env node
// Type-checks with TypeScript 7 (the native compiler), which this workspace alone installs: the
// rest of the repository keeps TypeScript 6 for typescript-eslint, Vite, the builds and editors,
// and the root node_modules/.bin/tsc stays TypeScript 6 (decision 0252).
//
//   node tools/typecheck/typecheck.mjs                   every workspace (./tsconfig.json here)
//   node tools/typecheck/typecheck.mjs a/tsconfig.json   the given projects, relative to the cwd
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

// Resolved from this folder: tools/typecheck/node_modules/typescript, not the root's.
const manifest = createRequire(import.meta.url).resolve('typescript/package.json');
const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
if (!version.startsWith('7.')) {
  console.error(`typecheck: expected TypeScript 7 at ${manifest}, found ${version}`);
  process.exit(2);
}

const projects = process.argv.slice(2).map((project) => path.resolve(project));
if (projects.length === 0) projects.push(path.join(here, 'tsconfig.json'));

// The web app's route modules import their types from ./+types/<route>, which only
// `react-router typegen` writes (apps/web/.react-router/types, reached through rootDirs).
// Without them, or while another typegen (lint, the dev server) is rewriting them, every such
// import fails with TS2307 under TypeScript 6 and 7 alike: whichever way the web app is checked,
// its types are generated first.
const web = path.join(root, 'apps/web');
const checksWeb = projects.some(
  (project) =>
    project === path.join(here, 'tsconfig.json') ||
    project === web ||
    path.dirname(project) === web,
);
if (checksWeb) {
  const status = run('npm', ['run', 'typegen', '--silent', '-w', '@cutout/web'], { cwd: root });
  if (status !== 0) process.exit(status);
}

// Build mode checks the projects in one process, which shares the parsed files they have in
// common. --force: projects are never skipped as up to date (build mode writes a .tsbuildinfo
// beside each tsconfig). --singleThreaded: on CI's 2 cores, shared with other work, extra
// checker threads cost about twice the CPU seconds for little wall-clock time.
const args = ['-b', ...projects, '--noEmit', '--force', '--singleThreaded'];
const shown = args.map((arg) => (arg.endsWith('.json') ? path.relative(process.cwd(), arg) : arg));
process.stdout.write(`TypeScript ${version}: tsc ${shown.join(' ')}\n`);
process.exit(run(process.execPath, [path.join(path.dirname(manifest), 'bin/tsc'), ...args]));
