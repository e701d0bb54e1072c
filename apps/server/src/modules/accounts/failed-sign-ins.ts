// Repeated failures slow an attacker down: after `max` failed sign-ins for one account within
// `windowMs`, that account answers 429 for `lockMs`, whatever the address (docs/decisions/0035).
// Kept in memory, like @fastify/rate-limit's default store: per process, reset by a restart.
// Several API processes behind one address would each count on their own; a shared store
// (Redis) is the upgrade path when that matters.

export interface FailedSignInsOptions {
  max: number;
  windowMs: number;
  lockMs: number;
  /** Upper bound on tracked accounts, so a flood of made-up e-mails cannot grow memory. */
  maxKeys?: number;
}

export class FailedSignIns {
  private readonly entries = new Map<string, { failures: number[]; lockedUntil: number }>();
  constructor(private readonly options: FailedSignInsOptions) {}

  /** Milliseconds until this account may try again; 0 when it may now. */
  retryAfterMs(key: string, now = Date.now()): number {
    const entry = this.entries.get(key);
    return entry && entry.lockedUntil > now ? entry.lockedUntil - now : 0;
  }

  recordFailure(key: string, now = Date.now()): void {
    const entry = this.entries.get(key) ?? { failures: [], lockedUntil: 0 };
    entry.failures = entry.failures.filter((t) => t > now - this.options.windowMs);
    entry.failures.push(now);
    if (entry.failures.length >= this.options.max) {
      entry.lockedUntil = now + this.options.lockMs;
      entry.failures = [];
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    const maxKeys = this.options.maxKeys ?? 100_000;
    if (this.entries.size > maxKeys) {
      // Map keeps insertion order and we re-insert on every failure: the first key is the stalest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}
