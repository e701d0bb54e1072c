import type { Db } from '../../db/database.js';
import type { DatabaseConnectionTable } from '../../db/schema.js';

// SQL of the stored connections. Functions take (db | trx) so the service composes them.

export type ConnectionRow = Omit<DatabaseConnectionTable, 'created_at' | 'updated_at'> & {
  created_at: string;
  updated_at: string;
};

export async function listConnections(db: Db): Promise<ConnectionRow[]> {
  return db
    .selectFrom('database_connections')
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function findConnection(db: Db, id: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('database_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findActiveConnection(db: Db): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('database_connections')
    .selectAll()
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function insertConnection(db: Db, row: ConnectionRow): Promise<void> {
  await db.insertInto('database_connections').values(row).execute();
}

export async function updateConnection(
  db: Db,
  id: string,
  values: Partial<Omit<ConnectionRow, 'id' | 'created_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('database_connections')
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteConnection(db: Db, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('database_connections')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes `id` the one active connection (spec §4), or none with null. Call inside a transaction. */
export async function setActiveConnection(db: Db, id: string | null, at: string): Promise<void> {
  await db
    .updateTable('database_connections')
    .set({ is_active: 0 })
    .where('is_active', '=', 1)
    .execute();
  if (id !== null) {
    await db
      .updateTable('database_connections')
      .set({ is_active: 1, last_used_at: at })
      .where('id', '=', id)
      .execute();
  }
}
