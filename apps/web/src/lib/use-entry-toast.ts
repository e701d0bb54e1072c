import { useEffect } from 'react';
import { loadToast } from './toast';

export type EntryToast = {
  /** Keeps one toast per page even when the effect runs twice (Strict Mode, a quick re-visit). */
  id: string;
  title: string;
  description: string;
  durationMs: number;
};

/** How long after the page has loaded and gone idle the toast appears. */
export const entryToastDelayMs = 1200;

/**
 * Runs `callback` once the page has loaded (its own scripts and requests done), the browser is
 * idle, and a moment has passed: the toast is a greeting, not part of the page, so its code
 * (sonner, ~9 KB gzip) is not part of the first load (decision 0022).
 */
function afterLoad(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    const later = () => {
      timer = setTimeout(callback, entryToastDelayMs);
    };
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(later, { timeout: 1500 });
    } else later();
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Shows a toast once a page has opened: the home page's welcome toast and the legal pages' brief
 * notices (spec §2, §9). sonner is fetched for it (lib/toast.ts) only after the page has loaded.
 */
export function useEntryToast({ id, title, description, durationMs }: EntryToast): void {
  useEffect(() => {
    let cancelled = false;
    const cancelIdle = afterLoad(() => {
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
