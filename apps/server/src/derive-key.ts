import { createHmac, hkdfSync } from 'node:crypto';

// Every key the server derives from its master secret (AUTH_SECRET, or the one generated into
// DATA_DIR) is named here by its purpose, so each use of the master is in one list and no two
// uses share a key (issue 27, docs/decisions/0225).
//
// The purposes that existed before this list keep the exact algorithm they had: what they made
// is stored or handed out (sealed passwords and API keys, the sandbox's webhook signatures,
// signed result links, counted visitor addresses, session cookies), and a different key would
// make it unreadable or invalid on upgrade. A new purpose uses HKDF-SHA256, as `stored-secrets`
// already did: add `hkdf('cutout:<purpose>:v1')` to the list. Never change an existing entry;
// a new algorithm for an old purpose is a new purpose (and a migration of what it made).

type Derivation = (master: string) => Buffer;

/** HKDF-SHA256, salt 'cutout', 32 bytes, the purpose's label as the info. */
const hkdf =
  (info: string): Derivation =>
  (master) =>
    Buffer.from(hkdfSync('sha256', master, 'cutout', info, 32));

/** Before decision 0225, a few keys were the master with a prefix, used as an HMAC key. */
const prefixed =
  (prefix: string): Derivation =>
  (master) =>
    Buffer.from(`${prefix}${master}`, 'utf8');

const derivations = {
  /** AES-256-GCM key of secrets stored in the database (db/secret-box.ts). */
  'stored-secrets': hkdf('cutout:stored-secrets:v1'),
  /** The payment sandbox's webhook signing secret, unless PAYMENTS_SANDBOX_SECRET is set. */
  'sandbox-webhooks': (master) =>
    createHmac('sha256', master).update('cutout-sandbox-webhooks').digest(),
  /** HMAC key of the signed result links API callers get (modules/jobs/result-links.ts). */
  'result-links': prefixed('results:'),
  /** HMAC key visitors' addresses are counted by, for the free try (modules/jobs/free-try.ts). */
  visitors: prefixed('visitors:'),
  /** HMAC key of deleted accounts' addresses (modules/credits/departed-addresses.ts, 0270). */
  'departed-addresses': hkdf('cutout:departed-addresses:v1'),
  /** better-auth's secret (session cookies): the master itself; better-auth derives from it. */
  sessions: (master) => Buffer.from(master, 'utf8'),
} satisfies Record<string, Derivation>;

export type KeyPurpose = keyof typeof derivations;

/** The key for `purpose`, derived from the server's master secret. */
export function deriveKey(master: string, purpose: KeyPurpose): Buffer {
  return derivations[purpose](master);
}
