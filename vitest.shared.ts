import { defaultServerConditions } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

// Workspace packages export their TypeScript source under the custom `source` condition, so
// tests run against source without building. Node-side tests resolve through Vite's SSR
// resolver, which needs the condition there too.
export const sourceConditions: Pick<ViteUserConfig, 'resolve' | 'ssr'> = {
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] },
  },
};
