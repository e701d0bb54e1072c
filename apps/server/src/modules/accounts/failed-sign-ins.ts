// Failed sign-ins slow the one who fails, not the account's owner (docs/decisions/0068).
//
// - Per account and client address: `freeFailures` failures, then a back-off that starts at
//   `baseDelayMs` and doubles with every further failure, up to `maxDelayMs`. A success clears
//   the pair; an hour (`forgetAfterMs`) without failures forgets it.
// - Per account, across addresses: when `accountCeiling` failures fall within `accountWindowMs`,
//   the account is under attack and an address that has not signed in to it lately gets one
//   failure, not `freeFailures`, before its back-off starts. Its first try is always answered,
//   so the owner with the right password gets in from anywhere; an address that signed in to
//   the account within `knownAddressMs` keeps its full allowance. Nothing is ever a hard lock.
//
// Kept in memory, like @fastify/rate-limit's default store: per process, reset by a restart.
// Several API processes each count on their own; a shared store (Redis) is the upgrade path.

export interface SignInThrottleOptions {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  accountCeiling: number;
  accountWindowMs: number;
  knownAddressMs: number;
  /** Upper bound on each map, so a flood of made-up e-mails or addresses cannot grow memory. */
  maxKeys?: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
  /**
   * Called when an account reaches `accountCeiling` failures (the lockout state: addresses that
   * have not signed in to it get one try), at most once per `accountWindowMs` per account. The
   * admin overview's security alerts mail on it (decision 0087).
   */
  onAccountUnderAttack?: (email: string) => void;
}

interface PairEntry {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** Map keeps insertion order; re-inserting on every write makes the first key the stalest. */
function touch<V>(map: Map<string, V>, key: string, value: V, maxKeys: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxKeys) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export class SignInThrottle {
  private readonly pairs = new Map<string, PairEntry>();
  private readonly accountFailures = new Map<string, number[]>();
  private readonly knownAddresses = new Map<string, number>();
  private readonly reportedAttacks = new Map<string, number>();
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(private readonly options: SignInThrottleOptions) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until this address may try this account again; 0 when it may now. */
  retryAfterMs(email: string, ip: string): number {
    const entry = this.pairs.get(pairKey(email, ip));
    const now = this.now();
    return entry && entry.blockedUntil > now ? entry.blockedUntil - now : 0;
  }

  recordFailure(email: string, ip: string): void {
    const now = this.now();
    const account = normalise(email);
    const recent = (this.accountFailures.get(account) ?? []).filter(
      (t) => t > now - this.options.accountWindowMs,
    );
    recent.push(now);
    // Only whether the ceiling is reached matters: keep no more timestamps than that.
    touch(this.accountFailures, account, recent.slice(-this.options.accountCeiling), this.maxKeys);

    const key = pairKey(email, ip);
    const previous = this.pairs.get(key);
    const entry: PairEntry =
      previous && now - previous.lastFailureAt <= this.options.forgetAfterMs
        ? previous
        : { failures: 0, lastFailureAt: now, blockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailureAt = now;
    const underAttack = recent.length >= this.options.accountCeiling;
    if (underAttack) this.reportAttack(account, now);
    const free = underAttack && !this.isKnown(key, now) ? 1 : this.options.freeFailures;
    if (entry.failures >= free) {
      const doublings = Math.min(entry.failures - free, 30);
      entry.blockedUntil =
        now + Math.min(this.options.baseDelayMs * 2 ** doublings, this.options.maxDelayMs);
    }
    touch(this.pairs, key, entry, this.maxKeys);
  }

  /** A successful sign-in clears the pair and makes the address known to the account. */
  recordSuccess(email: string, ip: string): void {
    const key = pairKey(email, ip);
    this.pairs.delete(key);
    touch(this.knownAddresses, key, this.now(), this.maxKeys);
  }

  private reportAttack(account: string, now: number): void {
    const last = this.reportedAttacks.get(account);
    if (last !== undefined && now - last < this.options.accountWindowMs) return;
    touch(this.reportedAttacks, account, now, this.maxKeys);
    this.options.onAccountUnderAttack?.(account);
  }

  private isKnown(key: string, now: number): boolean {
    const at = this.knownAddresses.get(key);
    return at !== undefined && now - at <= this.options.knownAddressMs;
  }
}

const normalise = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `${normalise(email)}\n${ip}`;
