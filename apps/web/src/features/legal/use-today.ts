import { formatLongDate } from '@cutout/contracts';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * Today as "June 5, 2025", computed in the browser (spec §2: privacy and terms show the current
 * date). Prerendering has no visitor's date, so the HTML carries none and React fills it in right
 * after hydration, without a mismatch.
 */
export function useToday(): { label: string; iso: string } | null {
  const iso = useSyncExternalStore(
    noSubscription,
    () => new Date().toDateString(),
    () => null,
  );
  if (iso === null) return null;
  const date = new Date(iso);
  return { label: formatLongDate(date), iso: toIsoDate(date) };
}

/** YYYY-MM-DD in local time, for <time dateTime>. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
