import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: { name: 'contracts', environment: 'node', include: ['src/**/*.test.ts'] },
});
