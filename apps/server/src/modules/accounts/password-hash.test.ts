import { scryptSync } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import { signIn, signUp, TEST_ADMIN } from '../../test/accounts.js';
import { createTestApp, tempDir, testConfig } from '../../test/test-app.js';
import { createPasswordHasher, STANDARD_N, TEST_COST_PREFIX, TEST_N } from './password-hash.js';

const standard = createPasswordHasher({ cost: 'standard' });
const cheap = createPasswordHasher({ cost: 'test' });
const hex = (bytes: number) => `[0-9a-f]{${bytes * 2}}`;

/** better-auth's key for this password and salt, computed here from its published parameters. */
function scryptKey(password: string, salt: string, n: number): string {
  return scryptSync(password.normalize('NFKC'), salt, 64, {
    N: n,
    r: 16,
    p: 1,
    maxmem: 128 * n * 16 * 2,
  }).toString('hex');
}

describe('the standard cost (every server but a test one)', () => {
  it("is better-auth's format and parameters, byte for byte", async () => {
    const hash = await standard.hash('correct horse battery');
    expect(hash).toMatch(new RegExp(`^${hex(16)}:${hex(64)}$`));
    const [salt, key] = hash.split(':');
    expect(key).toBe(scryptKey('correct horse battery', salt!, STANDARD_N));
    // A fresh salt each time.
    expect(await standard.hash('correct horse battery')).not.toBe(hash);
  });

  it('verifies the right password and not a wrong one', async () => {
    const hash = await standard.hash('correct horse battery');
    expect(await standard.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await standard.verify({ hash, password: 'correct horse battery ' })).toBe(false);
    expect(await standard.verify({ hash, password: '' })).toBe(false);
  });

  it("verifies better-auth's own hashes, and better-auth verifies ours", async () => {
    const theirs = await hashPassword('an older account');
    expect(await standard.verify({ hash: theirs, password: 'an older account' })).toBe(true);
    expect(await standard.verify({ hash: theirs, password: 'an older accounT' })).toBe(false);
    const ours = await standard.hash('a new account');
    expect(await verifyPassword({ hash: ours, password: 'a new account' })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: 'a new accounT' })).toBe(false);
  });

  it('normalises the password as better-auth does (NFKC)', async () => {
    // "café" typed with a combining accent, and with the one-character é.
    const ours = await standard.hash('cafe\u0301 au lait');
    expect(await verifyPassword({ hash: ours, password: 'caf\u00e9 au lait' })).toBe(true);
    const theirs = await hashPassword('caf\u00e9 au lait');
    expect(await standard.verify({ hash: theirs, password: 'cafe\u0301 au lait' })).toBe(true);
  });

  it('refuses a test-cost hash, even with the right password, and says so in the log', async () => {
    const log = { warn: vi.fn() };
    const strict = createPasswordHasher({ cost: 'standard', log });
    const weak = await cheap.hash('correct horse battery');
    expect(await strict.verify({ hash: weak, password: 'correct horse battery' })).toBe(false);
    expect(log.warn).toHaveBeenCalledOnce();
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(weak.split(':')[2]);
  });

  it('throws on a stored value it cannot read (better-auth throws on one without a salt or key)', async () => {
    for (const hash of [
      '',
      'plain text',
      'abc:',
      ':abc',
      'scrypt-n1024::abc',
      // A cost this server never makes.
      'scrypt-n2048:a:b',
      'a:b:c:d',
    ]) {
      await expect(standard.verify({ hash, password: 'x' }), hash).rejects.toThrow(
        'Invalid password hash',
      );
    }
  });
});

describe('the test cost', () => {
  it('names its cost in the hash and is scrypt with N=1024', async () => {
    const hash = await cheap.hash('correct horse battery');
    expect(hash).toMatch(new RegExp(`^${TEST_COST_PREFIX}:${hex(16)}:${hex(64)}$`));
    const [, salt, key] = hash.split(':');
    expect(key).toBe(scryptKey('correct horse battery', salt!, TEST_N));
    expect(await cheap.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await cheap.verify({ hash, password: 'correct horse batterY' })).toBe(false);
    // better-auth's default hasher does not read it as its own (it would take the prefix for the salt).
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(false);
  });

  it('still verifies standard hashes (a test may bring one)', async () => {
    const hash = await hashPassword('an older account');
    expect(await cheap.verify({ hash, password: 'an older account' })).toBe(true);
    expect(await cheap.verify({ hash, password: 'another account' })).toBe(false);
  });

  it('is chosen by NODE_ENV=test only; production and development hash at the standard cost', () => {
    expect(testConfig().passwordHashCost).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashCost).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashCost).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'development' }).passwordHashCost).toBe('standard');
    expect(loadConfig({}).passwordHashCost).toBe('standard');
  });
});

describe('in the app', () => {
  it('better-auth and the first admin hash through this hasher; a production server refuses the test-cost hashes', async () => {
    const tmp = tempDir();
    try {
      const env = { DATA_DIR: tmp.dir, ADMIN_PASSWORD: TEST_ADMIN.password };
      const test = await createTestApp({ env });
      const user = await signUp(test.app);
      const stored = await test.app.database.db
        .selectFrom('auth_accounts')
        .select('password')
        .where('provider_id', '=', 'credential')
        .execute();
      // The seeded admin and the sign-up.
      expect(stored).toHaveLength(2);
      for (const { password } of stored) expect(password).toMatch(/^scrypt-n1024:/);
      expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(200);
      await test.close();

      // The same database under a production server: the weak hashes open nothing.
      const production = await createTestApp({ env: { ...env, NODE_ENV: 'production' } });
      try {
        expect((await signIn(production.app, user.email, user.password)).statusCode).toBe(401);
        const admin = await signIn(production.app, TEST_ADMIN.email, TEST_ADMIN.password);
        expect(admin.statusCode).toBe(401);
        const newcomer = await signUp(production.app);
        const [row] = await production.app.database.db
          .selectFrom('auth_accounts')
          .select('password')
          .where('user_id', '=', newcomer.id)
          .execute();
        expect(row?.password).toMatch(new RegExp(`^${hex(16)}:${hex(64)}$`));
        expect((await signIn(production.app, newcomer.email, newcomer.password)).statusCode).toBe(
          200,
        );
      } finally {
        await production.close();
      }
    } finally {
      tmp.remove();
    }
  });
});
