import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** Shown in code samples rendered at build time, until the browser knows its own address. */
export const placeholderOrigin = 'https://cutout.example';

/**
 * This site's origin, for code samples a visitor copies (curl, fetch, requests). Prerendered
 * HTML carries a placeholder; hydration starts from it and React re-renders with the real one.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => placeholderOrigin,
  );
}

/** Code samples carry `{{origin}}`; shown, it becomes this site's address. */
export function withOrigin(code: string, origin: string): string {
  return code.replaceAll('{{origin}}', origin);
}
