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
// The state lives in a store: in Redis (sign-in-store-redis.ts) when REDIS_URL is set, so every
// API process sees the same back-off (docs/decisions/0114), otherwise in the database
// (sign-in-store.repository.ts), so a restart does not forget it (decision 0265); the memory
// store below is the Redis store's fallback while Redis fails (0115). Both stores apply the policy below; the Redis one in one Lua
// script, so concurrent failures on several processes count exactly.

export interface SignInPolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  accountCeiling: number;
  accountWindowMs: number;
  knownAddressMs: number;
}

/** Where the throttle keeps its counters. `account` is the normalised e-mail. */
export interface SignInThrottleStore {
  /** When this address's back-off on this account ends (Unix ms); 0 when there is none. */
  blockedUntil(account: string, ip: string): Promise<number>;
  /**
   * Counts a failure at `now`. `report` is true when the account is at its ceiling and has not
   * been reported within `accountWindowMs` (so the alert goes out once per window).
   */
  recordFailure(account: string, ip: string, now: number): Promise<{ report: boolean }>;
  /** Clears the pair's failures and makes the address known to the account. */
  recordSuccess(account: string, ip: string, now: number): Promise<void>;
}

export interface SignInThrottleOptions extends SignInPolicy {
  /** Default: in memory, this process only. */
  store?: SignInThrottleStore;
  /** Upper bound on each map of the memory store, so made-up e-mails cannot grow memory. */
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

/** The back-off a pair earns with its `failures`th failure, or undefined while still free. */
export function backOffMs(
  policy: SignInPolicy,
  failures: number,
  underAttack: boolean,
  known: boolean,
): number | undefined {
  const free = underAttack && !known ? 1 : policy.freeFailures;
  if (failures < free) return undefined;
  const doublings = Math.min(failures - free, 30);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
}

export class SignInThrottle {
  private readonly store: SignInThrottleStore;
  private readonly now: () => number;

  constructor(private readonly options: SignInThrottleOptions) {
    this.store = options.store ?? new MemorySignInStore(options, options.maxKeys);
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds until this address may try this account again; 0 when it may now. */
  async retryAfterMs(email: string, ip: string): Promise<number> {
    const until = await this.store.blockedUntil(normalise(email), ip);
    const now = this.now();
    return until > now ? until - now : 0;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const account = normalise(email);
    const { report } = await this.store.recordFailure(account, ip, this.now());
    if (report) this.options.onAccountUnderAttack?.(account);
  }

  /** A successful sign-in clears the pair and makes the address known to the account. */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.store.recordSuccess(normalise(email), ip, this.now());
  }
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

/** Per process, bounded: each map keeps at most `maxKeys` entries, stalest dropped first. */
export class MemorySignInStore implements SignInThrottleStore {
  private readonly pairs = new Map<string, PairEntry>();
  private readonly accountFailures = new Map<string, number[]>();
  private readonly knownAddresses = new Map<string, number>();
  private readonly reportedAttacks = new Map<string, number>();

  constructor(
    private readonly policy: SignInPolicy,
    private readonly maxKeys = 100_000,
  ) {}

  async blockedUntil(account: string, ip: string): Promise<number> {
    return this.pairs.get(pairKey(account, ip))?.blockedUntil ?? 0;
  }

  async recordFailure(account: string, ip: string, now: number): Promise<{ report: boolean }> {
    const { policy } = this;
    const recent = (this.accountFailures.get(account) ?? []).filter(
      (t) => t > now - policy.accountWindowMs,
    );
    recent.push(now);
    // Only whether the ceiling is reached matters: keep no more timestamps than that.
    touch(this.accountFailures, account, recent.slice(-policy.accountCeiling), this.maxKeys);

    const key = pairKey(account, ip);
    const previous = this.pairs.get(key);
    const entry: PairEntry =
      previous && now - previous.lastFailureAt <= policy.forgetAfterMs
        ? previous
        : { failures: 0, lastFailureAt: now, blockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailureAt = now;
    const underAttack = recent.length >= policy.accountCeiling;
    const knownAt = this.knownAddresses.get(key);
    const known = knownAt !== undefined && now - knownAt <= policy.knownAddressMs;
    const wait = backOffMs(policy, entry.failures, underAttack, known);
    if (wait !== undefined) entry.blockedUntil = now + wait;
    touch(this.pairs, key, entry, this.maxKeys);

    let report = false;
    if (underAttack) {
      const last = this.reportedAttacks.get(account);
      if (last === undefined || now - last >= policy.accountWindowMs) {
        touch(this.reportedAttacks, account, now, this.maxKeys);
        report = true;
      }
    }
    return { report };
  }

  async recordSuccess(account: string, ip: string, now: number): Promise<void> {
    const key = pairKey(account, ip);
    this.pairs.delete(key);
    touch(this.knownAddresses, key, now, this.maxKeys);
  }
}

const normalise = (email: string) => email.trim().toLowerCase();
const pairKey = (account: string, ip: string) => `${account}\n${ip}`;
