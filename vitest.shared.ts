import { defaultServerConditions } from 'vite';
import type { ViteUserConfig } from 'vitest/config';

// Workspace packages export their TypeScript source under the custom `source` condition, so
// tests run against source without building. Node-side tests resolve through Vite's SSR
// resolver, which needs the condition there too.
// Vite's server conditions include 'module', which Node itself does not use: packages whose
// 'module' build is not valid Node ESM (@opentelemetry/api's, which better-auth imports when it
// is installed) would then fail only under test. Resolve as Node does.
const nodeConditions = defaultServerConditions.filter((c) => c !== 'module');

export const sourceConditions: Pick<ViteUserConfig, 'resolve' | 'ssr'> = {
  resolve: { conditions: ['source', ...nodeConditions] },
  ssr: {
    resolve: { conditions: ['source', ...nodeConditions], externalConditions: ['source'] },
  },
};
