import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Taking real money safely (issue 23, docs/decisions/0120–0126):
// - orders: what the order was expected to cost and what the provider said it cost (verified
//   orders), the refunded amount (partial refunds), why it waits for the admin; two new
//   statuses, 'partially_refunded' and 'needs_review'.
// - checkouts: the variant sold and whether discount codes were allowed, fixed at checkout.
// - refund_requests: the buyer's 'Request refund' and the admin's decision.
// - invoices and invoice_sequences: PDF invoices and credit notes, numbered without gaps.
// - business_details: the seller on the invoices (Admin → Settings → Business details).
// - billing_profiles: the buyer's optional billing address and VAT number.
// - notification_digests: 'Webhook failed' mails at most once an hour.
// - the Free plan says what every new account gets: 10 credits.

const ORDER_STATUSES = `'paid', 'partially_refunded', 'refunded', 'needs_review'`;
const OLD_ORDER_STATUSES = `'paid', 'refunded'`;

/** Replaces the orders.status check: PostgreSQL alters it, SQLite rebuilds the table. */
async function setOrderStatuses(db: Kysely<unknown>, dialect: string, list: string) {
  if (dialect === 'postgres') {
    await sql`alter table orders drop constraint if exists orders_status_check`.execute(db);
    await sql
      .raw(`alter table orders add constraint orders_status_check check (status in (${list}))`)
      .execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(
    db,
  );
  const create = table.rows[0]!.sql.replace(
    /check\s*\(\s*status in \([^)]*\)\s*\)/i,
    `check (status in (${list}))`,
  );
  await sql
    .raw(create.replace(/^create table\s+"?orders"?/i, 'create table "orders_rebuilt"'))
    .execute(db);
  await sql`insert into orders_rebuilt select * from orders`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`alter table orders_rebuilt rename to orders`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export function safePayments({ dialect, timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const column of ['expected_cents', 'quantity'] as const) {
        await db.schema.alterTable('orders').addColumn(column, 'integer').execute();
      }
      for (const column of ['discount_cents', 'tax_cents'] as const) {
        await db.schema
          .alterTable('orders')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      for (const column of ['variant_id', 'review_reason', 'payment_method'] as const) {
        await db.schema.alterTable('orders').addColumn(column, 'text').execute();
      }
      // Refunded orders of before: their whole amount went back.
      await sql`update orders set refunded_cents = amount_cents where status = 'refunded'`.execute(
        db,
      );
      await setOrderStatuses(db, dialect, ORDER_STATUSES);
      await db.schema
        .createIndex('orders_status_created')
        .on('orders')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema.alterTable('checkouts').addColumn('variant_id', 'text').execute();
      await db.schema
        .alterTable('checkouts')
        .addColumn('discounts_allowed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('refund_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('requested', 'approved', 'declined')`),
        )
        // What the request was for when made: the unused credits and their share of the price.
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('buyer_reason', 'text')
        .addColumn('decline_reason', 'text')
        .addColumn('decided_by', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('decided_at', timestamp)
        .execute();
      await db.schema
        .createIndex('refund_requests_order')
        .on('refund_requests')
        .columns(['order_id', 'created_at'])
        .execute();
      // One open request per order at a time.
      await db.schema
        .createIndex('refund_requests_open')
        .on('refund_requests')
        .column('order_id')
        .unique()
        .where(sql.ref('status'), '=', 'requested')
        .execute();
      await db.schema
        .createIndex('refund_requests_status')
        .on('refund_requests')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('invoice_sequences')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('sequence', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('invoice', 'credit_note')`),
        )
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        // What it is for, once: 'invoice' or 'refund:{refunded cents so far}'.
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('currency', 'text', (c) => c.notNull())
        // JSON: seller, buyer, line, provider and payment method as they were at issue.
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('issued_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('invoices_sequence_seq')
        .on('invoices')
        .columns(['sequence', 'seq'])
        .unique()
        .execute();
      await db.schema
        .createIndex('invoices_order_reference')
        .on('invoices')
        .columns(['order_id', 'reference'])
        .unique()
        .execute();

      await db.schema
        .createTable('business_details')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();

      await db.schema
        .createTable('billing_profiles')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text')
        .addColumn('address', 'text')
        .addColumn('vat_number', 'text')
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();

      await db.schema
        .createTable('notification_digests')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_pending_at', timestamp)
        .addColumn('last_sent_at', timestamp)
        .execute();

      // The Free card says what sign-up grants (decision 0125), unless an admin reworded it.
      await sql`
        update plans set credits = 10,
          features = ${JSON.stringify(['10 free credits', 'Refined, white and transparent results', 'PNG output'])}
        where id = 'free' and credits = 3
          and features = ${JSON.stringify(['3 free downloads', 'Refined, white and transparent results', 'PNG output'])}
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`
        update plans set credits = 3,
          features = ${JSON.stringify(['3 free downloads', 'Refined, white and transparent results', 'PNG output'])}
        where id = 'free' and credits = 10
      `.execute(db);
      for (const table of [
        'notification_digests',
        'billing_profiles',
        'business_details',
        'invoices',
        'invoice_sequences',
        'refund_requests',
      ]) {
        await db.schema.dropTable(table).execute();
      }
      await db.schema.alterTable('checkouts').dropColumn('discounts_allowed').execute();
      await db.schema.alterTable('checkouts').dropColumn('variant_id').execute();
      await db.schema.dropIndex('orders_status_created').execute();
      await sql`update orders set status = 'paid' where status in ('partially_refunded', 'needs_review')`.execute(
        db,
      );
      await setOrderStatuses(db, dialect, OLD_ORDER_STATUSES);
      for (const column of [
        'payment_method',
        'review_reason',
        'variant_id',
        'tax_cents',
        'discount_cents',
        'quantity',
        'expected_cents',
        'refunded_cents',
      ]) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
    },
  };
}
