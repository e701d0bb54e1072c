import { defineConfig } from 'vitest/config';
import { sourceConditions } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceConditions,
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The fuzz test takes minutes of engine time: `npm run test:fuzz` (CI runs it too). The
    // scale-out test is the project of vitest.scale-out.config.ts (still part of `npm test`).
    exclude: ['src/**/*.fuzz.test.ts', 'src/**/scale-out.test.ts', '**/node_modules/**'],
    // Migrates once into template databases that each test app copies (decision 0180).
    globalSetup: ['src/test/database-templates.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    // The test files share one module graph per worker: each file used to import the app anew
    // (Fastify, Kysely, sharp, the engine), ~2–3 s a file, a sixth of the run. The server keeps
    // no module-level state a test relies on (each test builds its own app and database) and no
    // test mocks a module (decision 0180).
    isolate: false,
    testTimeout: 30_000,
    // Set-up hooks start apps that load a model; on 2 cores shared with CI's other lane that
    // can take longer than vitest's default 10 s.
    hookTimeout: 60_000,
  },
});
