import type { Db } from '../../db/database.js';

// The SQL of `business_details`: one row per field the admin set (JSON values).

export async function listBusinessDetails(db: Db) {
  return db.selectFrom('business_details').select(['key', 'value']).execute();
}

export async function upsertBusinessDetail(
  db: Db,
  row: { key: string; value: string; updated_by: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('business_details')
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
