import { availableParallelism } from 'node:os';
import { defaultClientConditions } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * The VM pools give each test file a fresh VM context (its own jsdom, globals and module graph)
 * only when a run has two workers or more: Vitest 4.1 hands all files of a one-worker run to a
 * single context (vitest-dev/vitest#10743, fixed in Vitest 5), so module state, globals and the
 * DOM would leak from file to file. A one-worker run — the default on a two-core machine — goes
 * back to the forks pool: slower, but a fresh process per file. Mirrors Vitest's own choice of
 * the worker count (resolveMaxWorkers).
 */
function forksOnOneWorker(): Plugin {
  return {
    name: 'cutout:forks-on-one-worker',
    configureVitest({ project, vitest }) {
      const cores = availableParallelism();
      const fallback = vitest.config.watch ? Math.floor(cores / 2) : cores - 1;
      const workers = project.config.maxWorkers || vitest.config.maxWorkers || fallback;
      if (Math.max(workers, 1) === 1) {
        project.config.pool = 'forks';
        project.config.isolate = true;
      }
    },
  };
}

// Deliberately without the reactRouter() plugin: it takes over the module graph for the route
// manifest and breaks vitest. Plain JSX transform is all the tests need.
export default defineConfig({
  plugins: [forksOnOneWorker()],
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { conditions: ['source', ...defaultClientConditions] },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  test: {
    name: 'web',
    environment: 'jsdom',
    // jsdom costs about half a CPU second to load: the forks pool paid that, a process start
    // and the shared imports for every file. vmForks loads jsdom once per worker and gives each
    // file a new VM context instead (docs/decisions/0253-web-test-environment.md).
    pool: 'vmForks',
    // lucide-react's entry imports each of its icons (about 2,000 names) as a module of its own,
    // and every file that shows an icon evaluated them all; pre-bundled into one module they cost
    // less. React stays outside the bundle (Vitest excludes it), so there is still one React.
    deps: { optimizer: { client: { enabled: true, include: ['lucide-react'] } } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
