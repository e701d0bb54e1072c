import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// `source` makes @cutout/contracts resolve to its TypeScript source, so it never needs a build
// step of its own before the web app builds or runs.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
          ],
        },
      },
      treeshake: {
        // The contracts only declare things; without this, importing any name from them would
        // pull in every module, and with the zod schemas all of zod (~26 KB gzip), on every page.
        // (A module that is used keeps its schemas: chained calls like `z.string().nullable()`
        // count as side effects. So first-load code avoids session.ts; see user-menu.tsx.)
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
