import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { InvoiceTable } from '../../db/schema.js';

// The SQL of `invoices` and `invoice_sequences` (docs/decisions/0126).

export type InvoiceRow = Selectable<InvoiceTable>;

/**
 * The next number of a sequence, inside the caller's transaction. The UPDATE takes the row's
 * lock until the transaction ends, so concurrent issuers wait in turn and a rolled-back
 * transaction gives its number back: the sequence has no gaps.
 */
export async function nextInvoiceSeq(db: Db, sequence: string): Promise<number> {
  await db
    .insertInto('invoice_sequences')
    .values({ name: sequence, last: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('invoice_sequences')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('name', '=', sequence)
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

export async function insertInvoice(db: Db, row: Insertable<InvoiceTable>): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findInvoiceOf(
  db: Db,
  orderId: string,
  reference: string,
): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

export async function listInvoicesOf(db: Db, orderIds: readonly string[]): Promise<InvoiceRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('sequence')
    .orderBy('seq')
    .execute();
}
