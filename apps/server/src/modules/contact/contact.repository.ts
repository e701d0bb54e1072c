import type { Db } from '../../db/database.js';
import type { ContactMessageTable } from '../../db/schema.js';

export type NewContactMessage = Omit<ContactMessageTable, 'created_at'> & { created_at: string };

export async function insertContactMessage(db: Db, row: NewContactMessage): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

export async function findContactMessage(db: Db, id: string) {
  return db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countContactMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
