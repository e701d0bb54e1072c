import type { Config } from '@react-router/dev/config';
// React Router loads this file and routes.ts with its own Vite instance that ignores
// vite.config.ts (no `source` condition), so they import the contracts' source file directly.
import { prerenderedPaths } from '../../packages/contracts/src/prerender';

// No server rendering at request time: the public pages are rendered to HTML once at build time
// (crawlers and link previews see real content), every other URL is served the SPA fallback.
export default {
  appDirectory: 'src/app',
  buildDirectory: 'build',
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
