import type { Db } from '../../db/database.js';

/** A reset token's row, found by the token's hash, if it has not expired. */
export async function findLiveVerification(db: Db, identifier: string, nowIso: string) {
  return db
    .selectFrom('verifications')
    .select(['id', 'value', 'expires_at'])
    .where('identifier', '=', identifier)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}
