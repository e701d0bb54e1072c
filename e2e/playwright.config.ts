import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { e2eAdmin } from './tests/admin-helpers.js';
import { filesOfLane, laneFromEnv, specFiles } from './lanes.js';
import { chromiumArgs, chromiumExecutable } from '../scripts/chromium.mjs';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the built app,
// served by the production server on its own port with a throwaway data directory.

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'cutout-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// One lane of several run side by side (lanes.ts): its share of the spec files, its own
// results folder (Playwright empties it at start).
const lane = laneFromEnv(process.env.E2E_LANE);
const testDir = path.join(here, 'tests');

export default defineConfig({
  testDir: './tests',
  ...(lane ? { testMatch: filesOfLane(specFiles(testDir), lane) } : {}),
  outputDir: lane ? `./.artifacts/results-lane-${lane.index}` : './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // CI runs these beside the other tests on 2 cores (decision 0180): a page can take several
  // seconds to hydrate there. A wait ends as soon as its condition holds, so longer limits cost
  // a passing test nothing, and a broken page still fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records a screencast and DOM snapshots of every test to keep the failing ones'.
    // CI sets E2E_TRACE=off: its clone is thrown away with the traces, and recording them cost
    // the browser tests a fifth of their CPU seconds (746 → 614 for one run of every file,
    // decision 0180).
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
  globalTeardown: './global-teardown.ts',
  webServer: {
    command: `node ${path.join(here, '../apps/server/dist/main.js')}`,
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Each test sends its own client address (tests/fixtures.ts), as behind a proxy.
      TRUST_PROXY: 'true',
      // Seeded once at start (docs/decisions/0032); tests/accounts.spec.ts signs in with it.
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      // A fast model for the editor's tests; ISNet stays the product default.
      ENGINE_MODEL: 'u2netp',
      // Production sells nothing until a provider is chosen (decision 0120): the browser tests
      // choose the built-in sandbox explicitly, and the admin pages say so.
      PAYMENTS_PROVIDER: 'sandbox',
    },
  },
});
