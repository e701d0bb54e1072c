import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { WindowCounter, WindowHit } from './rate-limits.js';

// Fixed-window counters in the database (table rate_limit_windows), for the limits that must
// survive a restart when no Redis is configured: sign-up, sign-in, password reset and the
// confirmation mail's resend (issue 36, decision 0265). One upsert per hit, so concurrent hits
// (several requests, or several processes on one PostgreSQL) count exactly: a window that has
// ended restarts at this hit, otherwise its count goes up by one.

/** Ended windows are deleted once every this many hits of a process. */
const PRUNE_EVERY = 200;

export class DatabaseWindowCounter implements WindowCounter {
  private hits = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const now = this.now();
    const end = now + windowMs;
    if (++this.hits % PRUNE_EVERY === 0) {
      await this.db.deleteFrom('rate_limit_windows').where('expires_at', '<=', now).execute();
    }
    const { rows } = await sql<{ count: number | string; expires_at: number | string }>`
      insert into rate_limit_windows (key, window_start, count, expires_at)
      values (${key}, ${now}, 1, ${end})
      on conflict (key) do update set
        window_start = case when rate_limit_windows.expires_at <= ${now}
          then excluded.window_start else rate_limit_windows.window_start end,
        count = case when rate_limit_windows.expires_at <= ${now}
          then 1 else rate_limit_windows.count + 1 end,
        expires_at = case when rate_limit_windows.expires_at <= ${now}
          then excluded.expires_at else rate_limit_windows.expires_at end
      returning count, expires_at
    `.execute(this.db);
    const row = rows[0]!;
    return { count: Number(row.count), ttlMs: Number(row.expires_at) - now };
  }
}
