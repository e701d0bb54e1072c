import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { apiKeyLimits, apiKeyTexts, type ApiKey } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import {
  countActiveKeys,
  findActiveKeyByHash,
  insertApiKey,
  listActiveKeys,
  revokeKey,
  touchApiKey,
} from './api-keys.repository.js';

// API keys for the public API (spec §6: "API access needs a key … sent as a Bearer token").
// Only a sha256 of a key is stored: a key is 32 random bytes, so a fast hash is enough (there is
// nothing to brute-force), and lookups stay one indexed query. The full key is returned once,
// at creation; lists show its name and first characters.

const KEY_PREFIX = 'ck_';
/** last_used_at is written at most this often per key, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface CreatedKey extends ApiKey {
  /** Shown once; never stored. */
  key: string;
}

export async function createApiKey(db: Db, userId: string, name: string): Promise<CreatedKey> {
  if ((await countActiveKeys(db, userId)) >= apiKeyLimits.activePerUser) {
    throw new AppError(409, 'conflict', apiKeyTexts.tooMany);
  }
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = randomUUID();
  const prefix = key.slice(0, 10);
  const createdAt = new Date().toISOString();
  await insertApiKey(db, {
    id,
    user_id: userId,
    name,
    prefix,
    key_hash: hashApiKey(key),
    created_at: createdAt,
    last_used_at: null,
    revoked_at: null,
  });
  return { id, key, name, prefix, createdAt, lastUsedAt: null };
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const rows = await listActiveKeys(db, userId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: String(r.created_at),
    lastUsedAt: r.last_used_at,
  }));
}

export async function revokeApiKey(db: Db, userId: string, id: string): Promise<void> {
  // Someone else's key is reported exactly like a missing one.
  if (!(await revokeKey(db, userId, id, new Date().toISOString()))) {
    throw notFound(apiKeyTexts.notFound);
  }
}

export interface VerifiedKey {
  id: string;
  userId: string;
}

const lastTouched = new Map<string, number>();

/** The key's id and owner, or undefined for an unknown or revoked key. */
export async function verifyApiKey(db: Db, key: string): Promise<VerifiedKey | undefined> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return undefined;
  const row = await findActiveKeyByHash(db, hashApiKey(key));
  if (!row) return undefined;
  const now = Date.now();
  if ((lastTouched.get(row.id) ?? 0) + TOUCH_EVERY_MS <= now) {
    lastTouched.set(row.id, now);
    await touchApiKey(db, row.id, new Date(now).toISOString());
  }
  return { id: row.id, userId: row.user_id };
}

/**
 * The key a request carries: `X-Api-Key: {key}` (remove.bg's header) or
 * `Authorization: Bearer {key}`. A Bearer value that is not one of our keys is still returned,
 * so a wrong key is answered 401 rather than treated as no key.
 */
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
