import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../scripts/chromium.mjs';
import { prerenderedPaths } from '@cutout/contracts';
import { firstLoadGoal, measureFirstLoad, type FirstLoad } from '../scripts/first-load.mjs';
import type * as LighthouseAudit from './lighthouse/audit.mjs';
import type { Category, PageAudit } from './lighthouse/audit.mjs';
import { startServer } from './lib/setup.js';

// `npm run bench:web`: against the production build served by the real server on loopback,
//
// 1. the JavaScript each page loads on a first visit, measured in a real browser (Debian's
//    Chromium) by scripts/first-load.mjs, which the browser tests' budget check uses too. Sizes
//    are deterministic: one load per page.
// 2. Lighthouse's performance, accessibility, best-practices and SEO scores (lighthouse/audit.mjs:
//    mobile, simulated throttling), the median of --runs runs (default 5: the simulated metrics swing with how the local load happened to interleave) per page.
//    Lighthouse is not a dependency of the workspaces (it would add ~150 packages to every
//    install): bench/lighthouse/ is a project of its own, with its own lockfile, installed here
//    on first use.
//
// Options: --runs N, --no-lighthouse (weights only; needs no Lighthouse). Lighthouse's JSON
// reports are written to bench/out/lighthouse/ for a closer look (open one in
// https://googlechrome.github.io/lighthouse/viewer/).

// Every public (prerendered) page, which the goals apply to, and the dashboard's shell.
const PAGES = [...prerenderedPaths, '/dashboard'];
const LIGHTHOUSE_PAGES = ['/', '/pricing', '/features'];
const SCORE_GOAL = 95;
const port = Number(process.env.BENCH_PORT ?? 3198);

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const reportDir = path.join(benchDir, 'out/lighthouse');

// The score columns, in the order Lighthouse's categories are listed; typed, so that every
// category has one, without loading Lighthouse (the weights run without it).
const scoreColumns: Record<Category, string> = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'best-pr',
  seo: 'SEO',
};
const categories = Object.keys(scoreColumns) as Category[];

/** bench/lighthouse/audit.mjs, after installing its dependencies from their lockfile if missing. */
async function loadLighthouse(): Promise<typeof LighthouseAudit> {
  const dir = path.join(benchDir, 'lighthouse');
  if (!existsSync(path.join(dir, 'node_modules/lighthouse'))) {
    console.log('Lighthouse is not installed yet: npm ci --prefix bench/lighthouse (once)…');
    const npm = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], {
      stdio: 'inherit',
    });
    if (npm.error || npm.status !== 0) {
      throw new Error(
        `Installing Lighthouse failed (npm ci --prefix bench/lighthouse: ${npm.error?.message ?? `exit ${npm.status ?? npm.signal}`}). ` +
          'Run that command to see why, or measure the weights alone with --no-lighthouse.',
      );
    }
  }
  return import('./lighthouse/audit.mjs');
}

// Installed and loaded before the server starts, so that a failed install stops the run early.
const lighthouse = options['no-lighthouse'] ? undefined : await loadLighthouse();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Weight extends FirstLoad {
  page: string;
}

async function measureWeights(baseUrl: string): Promise<Weight[]> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  try {
    const rows: Weight[] = [];
    for (const pagePath of PAGES) {
      rows.push({ page: pagePath, ...(await measureFirstLoad(browser, `${baseUrl}${pagePath}`)) });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

const server = await startServer(port);
let weights: Weight[];
let audits: PageAudit[] = [];
try {
  weights = await measureWeights(server.url);
  if (lighthouse) {
    console.log(`Lighthouse: ${LIGHTHOUSE_PAGES.join(', ')}, ${runs} run(s) each…`);
    audits = await lighthouse.auditPages(server.url, LIGHTHOUSE_PAGES, {
      runs,
      goal: SCORE_GOAL,
      reportDir,
    });
  }
} finally {
  await server.stop();
}

const headers = ['page', 'scripts', 'raw JS', 'gzip JS', ...categories.map((c) => scoreColumns[c])];
const widths = [50, 8, 10, 10, 6, 6, 8, 6];
const line = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' ');

console.log(
  `\nFirst-load JavaScript (Chromium, until network idle) and Lighthouse 12 scores` +
    (audits.length ? ` (median of ${runs}, mobile, simulated throttling)` : '') +
    '\n',
);
console.log(line(headers));
for (const w of weights) {
  const audit = audits.find((a) => a.page === w.page);
  const scores = categories.map((c) => (audit ? String(audit.median[c]) : '–'));
  console.log(line([w.page, String(w.scripts), kb(w.raw), kb(w.gzip), ...scores]));
}

// The goals: the home page under 145 KB, every other public page under 150 KB (decision 0200).
const publicWeights = weights.filter((w) =>
  (prerenderedPaths as readonly string[]).includes(w.page),
);
const missed = publicWeights.filter((w) => w.gzip >= firstLoadGoal(w.page));
const budgetMet = missed.length === 0;
console.log(
  `\nFirst-load goals (home under ${kb(firstLoadGoal('/'))}, other public pages under ${kb(firstLoadGoal('/about'))} gzip): ` +
    (budgetMet ? 'met' : `MISSED (${missed.map((w) => `${w.page} ${kb(w.gzip)}`).join(', ')})`),
);

let scoresMet = true;
if (audits.length) {
  for (const audit of audits) {
    console.log(
      `${audit.page.padEnd(12)} runs: ${audit.runs.map((r) => categories.map((c) => r[c]).join('/')).join('  ')}`,
    );
  }
  const below = audits.flatMap((a) =>
    categories.filter((c) => a.median[c] < SCORE_GOAL).map((c) => ({ audit: a, category: c })),
  );
  scoresMet = below.length === 0;
  console.log(
    `Lighthouse: every score ≥ ${SCORE_GOAL}: ${scoresMet ? 'met' : `MISSED (${below.map((b) => `${b.audit.page} ${b.category} ${b.audit.median[b.category]}`).join(', ')})`}`,
  );
  for (const audit of audits.filter((a) => a.failing.length)) {
    console.log(`\n${audit.page}: audits that cost points`);
    for (const f of audit.failing.slice(0, 10)) {
      console.log(
        `  [${f.category}] ${f.title}: ${f.score}${f.displayValue ? ` (${f.displayValue})` : ''}`,
      );
    }
  }
  console.log(`\nReports: ${path.relative(process.cwd(), reportDir)}/`);
}
process.exitCode = budgetMet && scoresMet ? 0 : 1;
