import { apiExampleDefaultBaseUrl } from '@cutout/contracts';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;
const clientOrigin = () => window.location.origin;
const serverOrigin = () => apiExampleDefaultBaseUrl;

/**
 * The address the examples call: this page's own origin once it runs in a browser, so a visitor
 * copies examples that work against the server they are looking at. The prerendered HTML (built
 * before any host is known) shows a placeholder host until the page hydrates.
 */
export function usePageOrigin(): string {
  return useSyncExternalStore(subscribe, clientOrigin, serverOrigin);
}
