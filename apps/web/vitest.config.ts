import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Deliberately without the reactRouter() plugin: it takes over the module graph for the route
// manifest and breaks vitest. Plain JSX transform is all the tests need.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { conditions: ['source', ...defaultClientConditions] },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
