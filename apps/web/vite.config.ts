import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// `source` makes @cutout/contracts resolve to its TypeScript source, so it never needs a build
// step of its own before the web app builds or runs.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/health': 'http://127.0.0.1:3000',
    },
  },
});
