import type { Db } from '../../db/database.js';

// integration_settings: one row per field the admin set (migration 0014).

export interface StoredSetting {
  key: string;
  value: string;
}

export async function listStoredSettings(db: Db): Promise<StoredSetting[]> {
  return db.selectFrom('integration_settings').select(['key', 'value']).execute();
}

export async function upsertStoredSetting(
  db: Db,
  row: { key: string; value: string; updated_by: string | null; updated_at: string },
): Promise<void> {
  await db
    .insertInto('integration_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        value: row.value,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Replaces a stored value and nothing else (re-sealing a secret is not an admin's change). */
export async function replaceStoredValue(db: Db, key: string, value: string): Promise<void> {
  await db.updateTable('integration_settings').set({ value }).where('key', '=', key).execute();
}

export async function deleteStoredSettings(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('integration_settings').where('key', 'in', keys).execute();
}
