// Lighthouse 12 against pages of the production build, with Debian's Chromium launched here by
// chrome-launcher (Lighthouse's own launcher, installed with it). Lighthouse's defaults: a
// mobile device and *simulated* throttling — the page loads at full speed and the metrics are
// computed for a slow 4G phone from the trace, so results depend little on machine load. Its
// audits run locally: nothing but the page itself is fetched.
//
// Plain JavaScript beside its own package.json and lockfile, not a workspace: Lighthouse brings
// ~150 packages that only `npm run bench:web` needs, so bench/web-weight.ts installs them here on
// first use (`npm ci --prefix bench/lighthouse`) instead of every `npm install` of the
// repository. Types for TypeScript callers: audit.d.mts.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumExecutable } from '../../scripts/chromium.mjs';

/** @typedef {import('./audit.d.mts').Category} Category */
/** @typedef {import('./audit.d.mts').Scores} Scores */
/** @typedef {import('./audit.d.mts').FailingAudit} FailingAudit */
/** @typedef {import('./audit.d.mts').PageAudit} PageAudit */
/** @typedef {NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']} Lhr */

/** @type {readonly Category[]} */
export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/**
 * @param {Lhr} lhr
 * @returns {Scores}
 */
function scoresOf(lhr) {
  const scores = /** @type {Scores} */ ({});
  for (const category of categories) {
    const score = lhr.categories[category]?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no ${category} score`);
    scores[category] = Math.round(score * 100);
  }
  return scores;
}

/**
 * @param {Lhr} lhr
 * @param {Category[]} below
 * @returns {FailingAudit[]}
 */
function failingAudits(lhr, below) {
  /** @type {FailingAudit[]} */
  const failing = [];
  for (const category of below) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // Weight 0 audits (diagnostics) do not move the score; list those that do.
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push({
        category,
        title: audit.title,
        score: Math.round(audit.score * 100),
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return failing.sort((a, b) => a.score - b.score);
}

/**
 * @param {string} baseUrl
 * @param {readonly string[]} pages
 * @param {{ runs: number; goal: number; reportDir?: string }} options
 * @returns {Promise<PageAudit[]>}
 */
export async function auditPages(baseUrl, pages, { runs, goal, reportDir }) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable,
    chromeFlags: chromiumArgs,
    logLevel: 'error',
  });
  try {
    /** @type {PageAudit[]} */
    const results = [];
    for (const page of pages) {
      /** @type {Lhr[]} */
      const lhrs = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse sometimes loses its trace (NO_NAVSTART) on a busy machine: such a run
        // measured nothing, so it is run again (twice at most) rather than counted.
        let result;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(`${baseUrl}${page}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...categories],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
          if (!result.lhr.runtimeError) break;
          if (attempt === 3) {
            throw new Error(`Lighthouse failed on ${page}: ${result.lhr.runtimeError.message}`);
          }
          process.stderr.write(
            `… Lighthouse run on ${page} failed (${result.lhr.runtimeError.code}); again\n`,
          );
        }
        lhrs.push(result.lhr);
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const name = `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`;
          writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
        }
      }
      const runScores = lhrs.map(scoresOf);
      const medianScores = /** @type {Scores} */ ({});
      for (const category of categories) {
        medianScores[category] = median(runScores.map((s) => s[category]));
      }
      const below = categories.filter((category) => medianScores[category] < goal);
      // The run whose performance score is the median one stands for the page.
      const representative =
        lhrs[runScores.findIndex((s) => s.performance === medianScores.performance)] ?? lhrs[0];
      results.push({
        page,
        median: medianScores,
        runs: runScores,
        failing: failingAudits(representative, below),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
