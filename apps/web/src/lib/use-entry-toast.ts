import { useEffect } from 'react';
import { loadToast } from './toast';

export type EntryToast = {
  /** Keeps one toast per page even when the effect runs twice (Strict Mode, a quick re-visit). */
  id: string;
  title: string;
  description: string;
  durationMs: number;
};

/**
 * Shows a toast once a page has opened: the home page's welcome toast and the legal pages' brief
 * notices (spec §2, §9). sonner is fetched with it (lib/toast.ts), never with the page itself.
 */
export function useEntryToast({ id, title, description, durationMs }: EntryToast): void {
  useEffect(() => {
    let cancelled = false;
    void loadToast().then((toast) => {
      // Left before sonner arrived: the toast is about a page the visitor is no longer on.
      if (cancelled) return;
      toast.info(title, { id, description, duration: durationMs });
    });
    return () => {
      cancelled = true;
    };
  }, [id, title, description, durationMs]);
}
