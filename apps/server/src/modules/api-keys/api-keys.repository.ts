import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ApiKeyTable } from '../../db/schema.js';

export async function insertApiKey(db: Db, row: Insertable<ApiKeyTable>): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The live key with this hash, if any. */
export async function findActiveKeyByHash(db: Db, keyHash: string) {
  return (
    db
      .selectFrom('api_keys')
      .select(['id', 'user_id'])
      .where('key_hash', '=', keyHash)
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
      .executeTakeFirst()
  );
}

export async function touchApiKey(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** A user's live keys, newest first. */
export async function listActiveKeys(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countActiveKeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Revokes one of the user's live keys; false when there is no such key. */
export async function revokeKey(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
