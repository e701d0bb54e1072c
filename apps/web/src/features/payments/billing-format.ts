import { formatPrice } from '@cutout/contracts';
import { formatDate } from '../../lib/format-date';

/** An amount in minor units (cents) in en-US format (spec §9). */
export function formatAmount(cents: number, currency: string): string {
  return formatPrice(cents / 100, currency);
}

/** The day of a payment, in UTC like the receipts (lib/format-date). */
export function formatDay(iso: string | null): string {
  return formatDate(iso, 'utcDay');
}
