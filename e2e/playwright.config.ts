import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../scripts/chromium.mjs';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the built app. Each
// worker serves it from a production server of its own, on its own port with a throwaway data
// directory (the `server` fixture in tests/fixtures.ts; decision 0180), so the workers' tests
// never share state. E2E_WORKERS sets how many (default 2: CI machines have two cores).

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
  },
});
