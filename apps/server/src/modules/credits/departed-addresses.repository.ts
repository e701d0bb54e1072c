import type { Db } from '../../db/database.js';

// departed_addresses: keyed hashes of deleted accounts' addresses (decision 0270).

export async function insertDepartedAddress(db: Db, addressHash: string, now: string) {
  await db
    .insertInto('departed_addresses')
    .values({ address_hash: addressHash, created_at: now })
    .onConflict((oc) => oc.column('address_hash').doNothing())
    .execute();
}

export async function hasDepartedAddress(db: Db, addressHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('departed_addresses')
    .select('address_hash')
    .where('address_hash', '=', addressHash)
    .executeTakeFirst();
  return row !== undefined;
}
