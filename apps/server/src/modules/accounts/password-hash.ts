import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

// Every password hash and check of the server goes through the pair made here (decision 0251):
// better-auth's sign-up, sign-in, reset, change and admin routes (emailAndPassword.password in
// auth.ts), and ours, the first admin and Admin Setup, through `(await auth.$context).password`.
//
// The standard cost is better-auth's own scrypt, byte for byte (@better-auth/utils/password):
// N=16384, r=16, p=1, a 64-byte key, the password NFKC-normalised, the salt the 32 hexadecimal
// characters of 16 random bytes used as text, stored as `saltHex:keyHex`. Hashes made before
// this file existed keep verifying, and better-auth's default hasher would verify ours.
//
// With NODE_ENV=test alone, new hashes cost N=1024, as Rails' SecurePassword.min_cost and
// Django's test PASSWORD_HASHERS do: a sign-up or sign-in costs about 3 ms of CPU instead of
// ~60, hundreds of times in a test run. Such a hash names its cost in a first field,
// `scrypt-n1024:saltHex:keyHex`; outside tests it never verifies, so a test database copied to a
// real server cannot be signed into with weak hashes. No variable lowers the cost.

/** Which scrypt cost new hashes get: `test` only when the config says NODE_ENV=test. */
export type PasswordHashCost = 'standard' | 'test';

/** better-auth's scrypt parameters. */
export const STANDARD_N = 16_384;
/** 16 times less work and memory than the standard cost (2 MiB instead of 32 MiB). */
export const TEST_N = 1024;
const R = 16;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** The first field of a test-cost hash. A hexadecimal salt never starts with `s`. */
export const TEST_COST_PREFIX = `scrypt-n${TEST_N}`;

export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
}

function deriveKey(password: string, salt: string, n: number): Promise<string> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      // better-auth's limit: twice the memory scrypt needs (Node's default is just short of it).
      { N: n, r: R, p: P, maxmem: 128 * n * R * 2 },
      (error, key) => (error ? reject(error) : resolve(key.toString('hex'))),
    );
  });
}

/** The stored hash's cost, salt and key; undefined when it is not one of ours or better-auth's. */
function parse(hash: string): { n: number; salt: string; key: string } | undefined {
  const fields = hash.split(':');
  const [salt, key, n] =
    fields.length === 2
      ? [fields[0], fields[1], STANDARD_N]
      : fields.length === 3 && fields[0] === TEST_COST_PREFIX
        ? [fields[1], fields[2], TEST_N]
        : [];
  return salt && key && n ? { n, salt, key } : undefined;
}

/** The hash and verify functions of one server. */
export function createPasswordHasher(options: {
  cost: PasswordHashCost;
  /** Told when a test-cost hash is refused outside tests. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): PasswordHasher {
  const { cost, log } = options;
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES).toString('hex');
      if (cost === 'test')
        return `${TEST_COST_PREFIX}:${salt}:${await deriveKey(password, salt, TEST_N)}`;
      return `${salt}:${await deriveKey(password, salt, STANDARD_N)}`;
    },
    async verify({ hash, password }) {
      const stored = parse(hash);
      // As better-auth's own verify: a stored value that is not a hash is an error, not a "no".
      if (!stored) throw new Error('Invalid password hash');
      if (stored.n !== STANDARD_N && cost !== 'test') {
        log?.warn(
          'a password hash made with the test-only cost was refused: is this a test database?',
        );
        return false;
      }
      // Compared as hexadecimal text, as better-auth compares, in constant time.
      const expected = Buffer.from(stored.key, 'utf8');
      const actual = Buffer.from(await deriveKey(password, stored.salt, stored.n), 'utf8');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
