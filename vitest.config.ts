import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's small and medium tests; each workspace has its own
// vitest.config.ts (environment, setup files), and the server's scale-out test is a project of
// its own (CI runs it as a separate step: `--project '!server-scale-out'`, then
// `npm run test:scale-out`). Browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'apps/server/vitest.scale-out.config.ts'],
  },
});
