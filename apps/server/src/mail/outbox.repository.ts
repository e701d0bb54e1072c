import type { Db } from '../db/database.js';
import type { OutboxTable } from '../db/schema.js';

export type NewOutboxRow = Omit<OutboxTable, 'created_at'> & { created_at: string };

export async function insertOutboxRow(db: Db, row: NewOutboxRow): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

export async function listOutbox(db: Db, to?: string) {
  let query = db.selectFrom('outbox').selectAll().orderBy('created_at', 'asc');
  if (to) query = query.where('to', '=', to);
  return query.execute();
}
