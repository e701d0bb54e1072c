import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { name: 'contracts', environment: 'node', include: ['src/**/*.test.ts'] },
});
