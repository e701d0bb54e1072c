import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

// The client's tests run in the server's workspace (they need a live server):
// apps/server/src/modules/public-api/client*.test.ts.
export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'client',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    passWithNoTests: true,
  },
});
