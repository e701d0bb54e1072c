#!/usr/bin/env node
// Writes docs/decisions/README.md, the index of the decisions: number, title and whether a later
// decision supersedes it (a line of the decision starting "Superseded" or "> Changed by"). `--check` only compares,
// and fails when the index is stale (run by `npm run lint`), so a new decision cannot be left out.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const indexFile = path.join(dir, 'README.md');

const rows = readdirSync(dir)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort()
  .map((name) => {
    const text = readFileSync(path.join(dir, name), 'utf8');
    const heading = text.split('\n', 1)[0].replace(/^#\s*/, '');
    const title = heading.replace(/^\d{4}\s*[—:.-]?\s*/, '').replace(/\|/g, '\\|');
    const superseded = text
      .split('\n')
      .find((line) => /^\s*(?:>\s*|-\s*)?\**(?:superseded|changed by)/i.test(line));
    const status = superseded
      ? superseded
          .replace(/^\s*(?:>\s*|-\s*)?/, '')
          .replace(/\*\*/g, '')
          .replace(/\|/g, '\\|')
          .replace(/\s*\(\d{4}-\d\d-\d\d\)/, '')
          .replace(/[.:]\s.*$/, '')
      : 'in force';
    return `| ${name.slice(0, 4)} | [${title}](${name}) | ${status} |`;
  });

const index = [
  '# Decisions',
  '',
  'Why Cutout is the way it is: one file per decision, numbered in blocks by area. A decision',
  'changed by a later one says so in a line starting "Changed by" or "Superseded", shown here.',
  'This index is written by `node scripts/decisions-index.mjs`; `npm run lint` fails when it is stale.',
  '',
  '| no. | decision | status |',
  '| --- | --- | --- |',
  ...rows,
  '',
].join('\n');

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(indexFile, 'utf8');
  } catch {
    // a missing index is stale
  }
  if (current !== index) {
    console.error('docs/decisions/README.md is stale: run `node scripts/decisions-index.mjs`');
    process.exit(1);
  }
} else {
  writeFileSync(indexFile, index);
}
