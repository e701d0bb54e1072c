import { publicApiLimits } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { countCompleted, countPreviewsSince } from './jobs.repository.js';

// An account's usage figures: images processed and the free previews left.

/** The first instant of the current calendar month, UTC (monthly figures and allowances). */
export function monthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** Images processed (completed jobs), all time and this month. */
export async function usageOf(db: Db, userId: string) {
  return countCompleted(db, userId, monthStart());
}

/** Free previews left this month. */
export async function previewsLeft(db: Db, userId: string): Promise<number> {
  const used = await countPreviewsSince(db, userId, monthStart());
  return Math.max(0, publicApiLimits.freePreviewsPerMonth - used);
}
