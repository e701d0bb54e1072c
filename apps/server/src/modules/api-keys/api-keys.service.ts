import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';

// API keys for the public API (spec §6: "API access needs a key … sent as a Bearer token").
// Only a sha256 of a key is stored: a key is 32 random bytes, so a fast hash is enough (there is
// nothing to brute-force), and lookups stay one indexed query. Creating and listing keys from
// the dashboard is the dashboard's work; the processing service only verifies them.

const KEY_PREFIX = 'ck_';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface CreatedApiKey {
  id: string;
  /** Shown once; never stored. */
  key: string;
  prefix: string;
}

export async function createApiKey(db: Db, userId: string, name: string): Promise<CreatedApiKey> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = randomUUID();
  const prefix = key.slice(0, 10);
  await db
    .insertInto('api_keys')
    .values({
      id,
      user_id: userId,
      name,
      prefix,
      key_hash: hashApiKey(key),
      created_at: new Date().toISOString(),
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return { id, key, prefix };
}

/** The user a key belongs to, or undefined for an unknown or revoked key. */
export async function verifyApiKey(db: Db, key: string): Promise<string | undefined> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return undefined;
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'user_id'])
    .where('key_hash', '=', hashApiKey(key))
    .where('revoked_at', 'is', null)
    // A deactivated account's keys answer 401 until it is activated again (decision 0085).
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', 'api_keys.user_id')
            .where('users.banned', '=', eb.lit(true)),
        ),
      ),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date().toISOString() })
    .where('id', '=', row.id)
    .execute();
  return row.user_id;
}

/** The key a request carries: `Authorization: Bearer {key}` or `X-API-Key: {key}`. */
export function apiKeyFrom(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const explicit = headers['x-api-key'];
  if (typeof explicit === 'string' && explicit.trim()) return explicit.trim();
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  return undefined;
}
