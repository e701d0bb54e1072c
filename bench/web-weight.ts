import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../scripts/chromium.mjs';
import { startServer } from './lib/server.js';

// `npm run bench:web`: the JavaScript each page loads on a first visit, measured in a real
// browser (Debian's Chromium) against the production build: every script response the page
// fetched until the network went idle, raw and gzip-compressed (level 9, as a CDN would).
// Sizes are deterministic, so one load per page is enough; no timing is involved.

const PAGES = ['/', '/features', '/pricing', '/signin', '/dashboard'];
const BUDGET_GZIP_HOME = 150 * 1024;
const port = Number(process.env.BENCH_PORT ?? 3198);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const server = await startServer(port);
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
try {
  const rows: { page: string; scripts: number; raw: number; gzip: number }[] = [];
  for (const pagePath of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) {
        bodies.set(response.url(), response.body());
      }
    });
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    for (const body of await Promise.all(bodies.values())) {
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    rows.push({ page: pagePath, scripts: bodies.size, raw, gzip });
    await context.close();
  }

  console.log(
    '\nFirst-load JavaScript per page (production build, Chromium, until network idle)\n',
  );
  console.log(
    ['page'.padEnd(14), 'scripts'.padStart(8), 'raw'.padStart(11), 'gzip'.padStart(11)].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.page.padEnd(14),
        String(r.scripts).padStart(8),
        kb(r.raw).padStart(11),
        kb(r.gzip).padStart(11),
      ].join(' '),
    );
  }
  const home = rows[0]!;
  const ok = home.gzip < BUDGET_GZIP_HOME;
  console.log(
    `\nHome first load: ${kb(home.gzip)} gzip — goal under ${kb(BUDGET_GZIP_HOME)}: ${ok ? 'met' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
