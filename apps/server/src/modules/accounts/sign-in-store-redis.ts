import { createHash, randomUUID } from 'node:crypto';
import type { SharedRedis } from '../../plugins/shared-redis.js';
import {
  MemorySignInStore,
  type SignInPolicy,
  type SignInThrottleStore,
} from './failed-sign-ins.js';

// The sign-in back-off in Redis, shared by every API process (docs/decisions/0114). One failure
// is one Lua script, so failures arriving at several processes at once are all counted. Every
// key has a TTL (the pair: `forgetAfterMs` or its back-off, whichever is longer; the account's
// failures: `accountWindowMs`; a known address: `knownAddressMs`), so Redis forgets by itself.
// Times compared inside come from the caller's clock, as in the memory store; TTLs only collect
// garbage. Keys hold hashes, not e-mail addresses. When Redis fails, the call goes to this
// process's memory store instead (docs/decisions/0115).

const RECORD_FAILURE = `
local pair, account, known, reported = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now = tonumber(ARGV[1])
local freeFailures = tonumber(ARGV[2])
local baseDelay = tonumber(ARGV[3])
local maxDelay = tonumber(ARGV[4])
local forgetAfter = tonumber(ARGV[5])
local ceiling = tonumber(ARGV[6])
local window = tonumber(ARGV[7])
local knownFor = tonumber(ARGV[8])

-- The account's failures within the window; no more of them kept than the ceiling.
redis.call('ZREMRANGEBYSCORE', account, '-inf', now - window)
redis.call('ZADD', account, now, ARGV[9])
local recent = redis.call('ZCARD', account)
if recent > ceiling then
  redis.call('ZREMRANGEBYRANK', account, 0, recent - ceiling - 1)
end
redis.call('PEXPIRE', account, window)

local failures, blockedUntil = 0, 0
local entry = redis.call('HMGET', pair, 'failures', 'last', 'until')
if entry[1] and now - tonumber(entry[2]) <= forgetAfter then
  failures = tonumber(entry[1])
  blockedUntil = tonumber(entry[3])
end
failures = failures + 1

local underAttack = recent >= ceiling
local knownAt = redis.call('GET', known)
local isKnown = knownAt and now - tonumber(knownAt) <= knownFor
local free = freeFailures
if underAttack and not isKnown then free = 1 end
if failures >= free then
  local doublings = math.min(failures - free, 30)
  blockedUntil = now + math.min(baseDelay * 2 ^ doublings, maxDelay)
end
redis.call('HSET', pair, 'failures', failures, 'last', now, 'until', blockedUntil)
redis.call('PEXPIRE', pair, math.max(forgetAfter, blockedUntil - now))

local report = 0
if underAttack then
  local last = redis.call('GET', reported)
  if not last or now - tonumber(last) >= window then
    redis.call('SET', reported, now, 'PX', window)
    report = 1
  end
end
return report
`;

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

export class RedisSignInStore implements SignInThrottleStore {
  private readonly memory: MemorySignInStore;

  constructor(
    private readonly redis: SharedRedis,
    private readonly policy: SignInPolicy,
  ) {
    this.memory = new MemorySignInStore(policy);
  }

  private keys(account: string, ip: string) {
    const base = `${this.redis.prefix}signin:`;
    const pair = hash(`${account}\n${ip}`);
    return {
      pair: `${base}pair:${pair}`,
      account: `${base}account:${hash(account)}`,
      known: `${base}known:${pair}`,
      reported: `${base}reported:${hash(account)}`,
    };
  }

  blockedUntil(account: string, ip: string): Promise<number> {
    return this.redis.orMemory(
      'sign-in',
      async () => Number((await this.redis.client.hget(this.keys(account, ip).pair, 'until')) ?? 0),
      () => this.memory.blockedUntil(account, ip),
    );
  }

  recordFailure(account: string, ip: string, now: number): Promise<{ report: boolean }> {
    const k = this.keys(account, ip);
    const p = this.policy;
    return this.redis.orMemory(
      'sign-in',
      async () => {
        const report = await this.redis.client.eval(
          RECORD_FAILURE,
          4,
          k.pair,
          k.account,
          k.known,
          k.reported,
          now,
          p.freeFailures,
          p.baseDelayMs,
          p.maxDelayMs,
          p.forgetAfterMs,
          p.accountCeiling,
          p.accountWindowMs,
          p.knownAddressMs,
          `${now}:${randomUUID()}`,
        );
        return { report: report === 1 };
      },
      () => this.memory.recordFailure(account, ip, now),
    );
  }

  recordSuccess(account: string, ip: string, now: number): Promise<void> {
    const k = this.keys(account, ip);
    return this.redis.orMemory(
      'sign-in',
      async () => {
        const results = await this.redis.client
          .multi()
          .del(k.pair)
          .set(k.known, now, 'PX', this.policy.knownAddressMs)
          .exec();
        const failed = results?.find(([err]) => err);
        if (!results || failed) throw failed?.[0] ?? new Error('Redis MULTI was discarded');
      },
      () => this.memory.recordSuccess(account, ip, now),
    );
  }
}
