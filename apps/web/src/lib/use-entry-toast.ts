import { useEffect } from 'react';
import { loadToast } from './toast';

export type EntryToast = {
  /** Keeps one toast per page even when the effect runs twice (Strict Mode, a quick re-visit). */
  id: string;
  title: string;
  description: string;
  durationMs: number;
};

/** Runs `callback` once the browser is idle: after hydration and the page's own requests. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 1);
  return () => clearTimeout(timer);
}

/**
 * Shows a toast once a page has opened: the home page's welcome toast and the legal pages' brief
 * notices (spec §2, §9). sonner (~9 KB gzip) is fetched for it (lib/toast.ts) when the browser is
 * idle, so it never competes with the page's own code for the first paint.
 */
export function useEntryToast({ id, title, description, durationMs }: EntryToast): void {
  useEffect(() => {
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void loadToast().then((toast) => {
        // Left before sonner arrived: the toast is about a page the visitor is no longer on.
        if (cancelled) return;
        toast.info(title, { id, description, duration: durationMs });
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [id, title, description, durationMs]);
}
