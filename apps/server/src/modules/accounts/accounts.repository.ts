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

/**
 * Deletes the user's reset tokens but `keepIdentifier` (all of them when it is omitted). A
 * password reset is the only flow that stores a user id as a verification row's value.
 */
export async function deleteResetTokensOfUser(db: Db, userId: string, keepIdentifier?: string) {
  let query = db.deleteFrom('verifications').where('value', '=', userId);
  if (keepIdentifier !== undefined) query = query.where('identifier', '<>', keepIdentifier);
  await query.execute();
}

/** Whether the user has a password yet (an account an admin added has none until the link is used). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .where('password', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
