import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountTexts, apiKeysApiPaths } from '@cutout/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, randomIp, signUp } from '../test/accounts.js';
import type { TestApp } from '../test/test-app.js';
import {
  MemorySignInStore,
  SignInThrottle,
  type SignInThrottleStore,
} from '../modules/accounts/failed-sign-ins.js';
import { RedisSignInStore } from '../modules/accounts/sign-in-store-redis.js';
import { rateLimits } from './rate-limits.js';
import { createSharedRedis, type SharedRedis } from './shared-redis.js';

// Rate limits and the sign-in back-off shared by several API processes through Redis
// (docs/decisions/0114), and what happens when Redis is gone (0115). Two apps in one test stand
// for two API processes: one SQLite file and one Redis between them, as two processes would
// share one database and one Redis.

const redisUrl = process.env.TEST_REDIS_URL || undefined;
const policy = rateLimits.accounts.failedSignIns;

const signInFrom = (t: TestApp, ip: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: ip,
  });

/** Every key under this run's prefix, with its TTL in ms. */
async function keysWithTtl(client: Redis, prefix: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) out.set(key, await client.pttl(key));
  } while (cursor !== '0');
  return out;
}

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const redisSuite = redisUrl ? describe : describe.skip;

redisSuite(
  `rate limits and the sign-in back-off in Redis, two API instances${redisUrl ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`,
  () => {
    const prefix = `cutout-test:${randomBytes(6).toString('hex')}:`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-redis-test-'));
    let a: TestApp;
    let b: TestApp;
    let client: Redis;

    beforeAll(async () => {
      client = new Redis(redisUrl!);
      const env = { REDIS_URL: redisUrl!, DATA_DIR: dataDir, API_RATE_LIMIT_PER_MINUTE: '3' };
      // One after the other: the second finds the database migrated by the first.
      a = await createAccountsApp('sqlite', { env, redisKeyPrefix: prefix });
      b = await createAccountsApp('sqlite', { env, redisKeyPrefix: prefix });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      if (client) {
        const keys = [...(await keysWithTtl(client, prefix)).keys()];
        if (keys.length > 0) await client.del(...keys);
        client.disconnect();
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a per-address limit spent on one instance is spent on the other', async () => {
      const ip = randomIp();
      const { max } = rateLimits.accounts.signIn.perIp;
      // Made-up e-mails, so the back-off (per account and address) plays no part.
      for (let i = 0; i < max; i++) {
        const t = i % 2 === 0 ? a : b;
        const res = await signInFrom(t, ip, `nobody-${i}@example.com`, 'wrong password');
        expect(res.statusCode).toBe(401);
      }
      const over = await signInFrom(a, ip, 'nobody-else@example.com', 'wrong password');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await signInFrom(b, randomIp(), 'x@example.com', 'wrong')).statusCode).toBe(401);
    }, 120_000);

    it("the public API's per-account limit counts calls to both instances", async () => {
      const user = await signUp(a.app);
      const created = await a.app.inject({
        method: 'POST',
        url: apiKeysApiPaths.list,
        headers: { cookie: user.cookie },
        payload: { name: 'two instances' },
      });
      expect(created.statusCode).toBe(201);
      const key = created.json<{ key: string }>().key;
      // A bad size: answered 400 without any processing, and counted all the same.
      const call = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/remove-background',
          headers: { 'x-api-key': key },
          payload: { size: 'huge' },
        });
      const first = await call(a);
      expect(first.statusCode).toBe(400);
      expect(first.headers['x-ratelimit-remaining']).toBe('2');
      expect((await call(b)).headers['x-ratelimit-remaining']).toBe('1');
      expect((await call(a)).headers['x-ratelimit-remaining']).toBe('0');
      const refused = await call(b);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['x-ratelimit-limit']).toBe('3');
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    it("the back-off earned on one instance applies on the other; the owner's own address still gets in", async () => {
      const user = await signUp(a.app);
      const home = randomIp();
      expect((await signInFrom(b, home, user.email, user.password)).statusCode).toBe(200);
      const attacker = randomIp();
      for (let i = 0; i < policy.freeFailures; i++) {
        const t = i % 2 === 0 ? a : b;
        expect((await signInFrom(t, attacker, user.email, `wrong-${i}`)).statusCode).toBe(401);
      }
      for (const t of [a, b]) {
        const slowed = await signInFrom(t, attacker, user.email, user.password);
        expect(slowed.statusCode).toBe(429);
        expect(slowed.json().error.message).toBe(accountTexts.tooManyFailedSignIns);
        expect(Number(slowed.headers['retry-after'])).toBe(policy.baseDelayMs / 1000);
      }
      expect((await signInFrom(b, home, user.email, user.password)).statusCode).toBe(200);
      expect((await signInFrom(a, randomIp(), user.email, user.password)).statusCode).toBe(200);
    }, 120_000);

    it('an attack spread over both instances reaches the ceiling; the known address keeps its allowance', async () => {
      const user = await signUp(a.app);
      const home = randomIp();
      expect((await signInFrom(a, home, user.email, user.password)).statusCode).toBe(200);
      // Half the ceiling on each instance: neither would reach it counting alone.
      for (let i = 0; i < policy.accountCeiling; i++) {
        const t = i % 2 === 0 ? a : b;
        expect((await signInFrom(t, randomIp(), user.email, `wrong-${i}`)).statusCode).toBe(401);
      }
      const fresh = randomIp();
      expect((await signInFrom(b, fresh, user.email, 'wrong-x')).statusCode).toBe(401);
      expect((await signInFrom(a, fresh, user.email, user.password)).statusCode).toBe(429);
      // The owner's address (known through instance A) keeps its five on instance B.
      expect((await signInFrom(b, home, user.email, 'typo')).statusCode).toBe(401);
      expect((await signInFrom(b, home, user.email, user.password)).statusCode).toBe(200);
    }, 240_000);

    it('every key it wrote carries a TTL no longer than its policy', async () => {
      const keys = await keysWithTtl(client, prefix);
      const kinds = new Set([...keys.keys()].map((k) => k.slice(prefix.length).split(':')[1]));
      // Written by the tests above (the one-minute rate-limit windows may be gone already).
      expect([...kinds]).toEqual(expect.arrayContaining(['account', 'known', 'pair', 'reported']));
      const longest: Record<string, number> = {
        pair: Math.max(policy.forgetAfterMs, policy.maxDelayMs),
        account: policy.accountWindowMs,
        reported: policy.accountWindowMs,
        known: policy.knownAddressMs,
      };
      for (const [key, ttl] of keys) {
        expect(ttl, key).toBeGreaterThan(0);
        const kind = key.slice(prefix.length).split(':')[1]!;
        expect(ttl, key).toBeLessThanOrEqual(longest[kind] ?? 60 * 60_000);
      }
    });
  },
);

redisSuite(
  `the sign-in back-off gives the same answers in Redis as in memory${redisUrl ? '' : ' (skipped: TEST_REDIS_URL is not set)'}`,
  () => {
    let shared: SharedRedis;
    beforeAll(async () => {
      shared = createSharedRedis({
        url: redisUrl!,
        prefix: `cutout-test:${randomBytes(6).toString('hex')}:`,
        log: { warn: () => undefined, info: () => undefined },
      });
      await shared.connect();
    });
    afterAll(async () => {
      const keys = await keysWithTtl(shared.client, shared.prefix);
      if (keys.size > 0) await shared.client.del(...keys.keys());
      await shared.close();
    });

    it('follows the memory store through failures, waits, successes and an attack', async () => {
      const small = { ...policy, accountCeiling: 6, freeFailures: 3 };
      let now = Date.parse('2026-01-01T00:00:00Z');
      const reports = { memory: [] as string[], redis: [] as string[] };
      const throttles = (
        [
          ['memory', new MemorySignInStore(small)],
          ['redis', new RedisSignInStore(shared, small)],
        ] as ['memory' | 'redis', SignInThrottleStore][]
      ).map(
        ([name, store]) =>
          [
            name,
            new SignInThrottle({
              ...small,
              store,
              now: () => now,
              onAccountUnderAttack: (email) => reports[name].push(email),
            }),
          ] as const,
      );
      // A seeded walk over three addresses and two accounts.
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % n;
      };
      const ips = ['10.1.0.1', '10.1.0.2', '10.1.0.3', '10.1.0.4'];
      const emails = ['Owner@Example.com', 'other@example.com'];
      for (let step = 0; step < 300; step++) {
        const ip = ips[random(ips.length)]!;
        const email = emails[random(emails.length)]!;
        const action = random(10);
        for (const [, throttle] of throttles) {
          if (action < 7) await throttle.recordFailure(email, ip);
          else if (action < 8) await throttle.recordSuccess(email, ip);
        }
        now += [1000, 30_000, 5 * 60_000, 2 * 60 * 60_000][random(4)]!;
        const waits = await Promise.all(throttles.map(([, t]) => t.retryAfterMs(email, ip)));
        expect(waits[1], `step ${step}`).toBe(waits[0]);
      }
      expect(reports.redis).toEqual(reports.memory);
      expect(reports.memory.length).toBeGreaterThan(0);
    });
  },
);

describe('when Redis is unavailable', () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await closedPort();
    t = await createAccountsApp('sqlite', {
      env: { REDIS_URL: `redis://127.0.0.1:${port}` },
      redisKeyPrefix: `cutout-test:${randomBytes(6).toString('hex')}:`,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts in process memory: requests are answered and still limited, and the metric says so', async () => {
    const user = await signUp(t.app);
    const attacker = randomIp();
    for (let i = 0; i < policy.freeFailures; i++) {
      expect((await signInFrom(t, attacker, user.email, `wrong-${i}`)).statusCode).toBe(401);
    }
    expect((await signInFrom(t, attacker, user.email, user.password)).statusCode).toBe(429);
    expect((await signInFrom(t, randomIp(), user.email, user.password)).statusCode).toBe(200);

    const ip = randomIp();
    const { max } = rateLimits.accounts.signIn.perIp;
    for (let i = 0; i < max; i++) {
      expect((await signInFrom(t, ip, `nobody-${i}@example.com`, 'wrong')).statusCode).toBe(401);
    }
    expect((await signInFrom(t, ip, 'nobody@example.com', 'wrong')).statusCode).toBe(429);

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (use: string) =>
      Number(
        new RegExp(`^cutout_redis_fallbacks_total\\{use="${use}"\\} (\\d+)`, 'm').exec(
          metrics,
        )?.[1] ?? 0,
      );
    expect(count('sign-in')).toBeGreaterThan(0);
    expect(count('rate-limit')).toBeGreaterThan(0);
  }, 240_000);
});
