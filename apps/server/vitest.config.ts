import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The fuzz test takes minutes of engine time: `npm run test:fuzz` (CI runs it too).
    exclude: ['src/**/*.fuzz.test.ts', '**/node_modules/**'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
  },
});
