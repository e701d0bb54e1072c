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
