import { formatPrice } from '@cutout/contracts';

/** An amount in minor units (cents) in en-US format (spec §9). */
export function formatAmount(cents: number, currency: string): string {
  return formatPrice(cents / 100, currency);
}

export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
