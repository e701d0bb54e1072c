import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

// `npm run test:fuzz`: the fuzz tests alone (issue 17: 1,000+ hostile images through the real
// server and engine). Kept out of `npm test` because they take minutes of engine time.
export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'server-fuzz',
    environment: 'node',
    include: ['src/**/*.fuzz.test.ts'],
    // Migrates once into template databases that each test app copies (decision 0180).
    globalSetup: ['src/test/database-templates.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    testTimeout: 900_000,
  },
});
