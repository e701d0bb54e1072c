import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
  },
});
