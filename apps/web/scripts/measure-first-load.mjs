// Gzipped size of the JavaScript a prerendered page loads first: every script and modulepreload
// the HTML references. Usage: node scripts/measure-first-load.mjs [page.html] (after a build).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const client = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const htmlFile = process.argv[2] ?? join(client, 'index.html');
const html = readFileSync(htmlFile, 'utf8');

const urls = new Set();
for (const match of html.matchAll(
  /<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.js)"/g,
)) {
  urls.add(match[1]);
}
// The inline module script preloads and imports the entry and the route modules (after the
// first paint: scripts/paint-first.mjs).
for (const script of html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
  for (const match of script[1].matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) urls.add(match[1]);
}

const print = (line) => process.stdout.write(`${line}\n`);

let raw = 0;
let gzip = 0;
const rows = [];
for (const url of urls) {
  const body = readFileSync(join(client, url));
  const size = gzipSync(body, { level: 9 }).length;
  raw += body.length;
  gzip += size;
  rows.push([url, body.length, size]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [url, r, g] of rows) {
  print(
    `${(g / 1024).toFixed(1).padStart(7)} KB gz  ${(r / 1024).toFixed(1).padStart(7)} KB  ${url}`,
  );
}
print(`${urls.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
