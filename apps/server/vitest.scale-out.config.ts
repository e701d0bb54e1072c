import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

// The scale-out test alone (issue 17: API and worker processes on PostgreSQL and Redis, minutes
// of engine time). A project of its own so that `npm test` still runs it while CI runs it as a
// step of its own, beside the browser tests (`npm run test:scale-out`; decision 0180).
export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'server-scale-out',
    environment: 'node',
    include: ['src/**/scale-out.test.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
  },
});
