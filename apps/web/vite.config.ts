import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

/**
 * The app shell in one chunk: every module the root route and the public layouts import
 * statically (theme, api client, header, footer, buttons, the texts they show). Left to
 * automatic splitting they were ~20 chunks of 0.2–3 KB, each compressed on its own: one chunk
 * compresses about 5 KB better on every page's first load (docs/decisions/0200).
 */
const shellLibraries =
  /node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|defaultAttributes|context|shared)[\\/.])/;

function shellChunk(entries: string[]): Plugin & { test: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  let shell: Set<string> | undefined;
  const closure = () => {
    const seen = new Set<string>();
    const stack = [...imports.keys()].filter((id) => entries.some((entry) => id.endsWith(entry)));
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  return {
    name: 'cutout:shell-chunk',
    apply: 'build',
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
    // Our own modules only, and the few small libraries every button uses: the contracts and
    // lucide are imported through barrels whose every module a graph walk would reach.
    // The route modules themselves stay entries of their own, and the stylesheet the root
    // route's (React Router links it from there).
    test: (id) =>
      !entries.some((entry) => id.endsWith(entry)) &&
      !/\.css($|\?)/.test(id) &&
      (/[\\/]apps[\\/]web[\\/]src[\\/]/.test(id) || shellLibraries.test(id)) &&
      (shell ??= closure()).has(id),
  };
}

/**
 * The few icons the public pages share (calls to action, checks, the free-try toasts): alone,
 * each is a chunk of 0.2–0.4 KB compressed on its own; in the shell they cost about half that.
 */
const sharedIcons =
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-right|check|circle-check|circle-x|shield-check|zap)\.mjs$/;

/** The card and badge primitives most public pages show (0.2–0.3 KB chunks of their own). */
const sharedUi = /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](badge|card)\.tsx$/;

const shell = shellChunk([
  '/src/app/root.tsx',
  '/src/app/routes/layouts/marketing-layout.tsx',
  '/src/app/routes/layouts/site-layout.tsx',
]);

// `source` makes @cutout/contracts resolve to its TypeScript source, so it never needs a build
// step of its own before the web app builds or runs.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shell],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page runs (React, React Router, TanStack Query), in one chunk:
            // compressed together they weigh ~0.5 KB less than as two (docs/decisions/0240).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 20,
            },
            {
              name: 'shell',
              test: (id: string) => shell.test(id) || sharedIcons.test(id) || sharedUi.test(id),
              priority: 5,
            },
          ],
        },
      },
      treeshake: {
        // The contracts only declare things; without this, importing any name from them would
        // pull in every module, and with the schemas zod's runtime, on every page. (A module that
        // is used keeps all its schemas: calls count as side effects. So the schemas live in
        // contracts/src/schemas/, which first-load code does not import; docs/decisions/0064.)
        moduleSideEffects: (id: string) => !id.includes('/packages/contracts/src/'),
      },
    },
  },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/health': 'http://127.0.0.1:3000',
    },
  },
});
