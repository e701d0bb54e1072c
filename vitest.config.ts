import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's small and medium tests; each workspace has its own
// vitest.config.ts (environment, setup files). Browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
