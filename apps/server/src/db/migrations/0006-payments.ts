import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Payments (issue 12): plans in the database, checkouts, orders (unique by the provider's order
// id), credit lots (paid credits expire one year after purchase; spending takes the lot that
// expires first), every webhook received, and the built-in sandbox provider's own records
// (its checkouts, its orders, and its outgoing webhook deliveries with their retry schedule, so a
// restart loses no delivery). docs/decisions/0070–0074.

// Seeded from spec §3/§9 (prices in cents). Written out here, not imported, so the migration
// stays what it was when it ran.
const seedPlans = [
  {
    id: 'free',
    name: 'Free Forever',
    description: 'Try Cutout on a few images, no card needed.',
    price_cents: 0,
    credits: 3,
    price_per_credit_cents: null,
    billing_type: 'free',
    interval: 'forever',
    features: ['3 free downloads', 'Refined, white and transparent results', 'PNG output'],
    popular: 0,
    validity: null,
    validity_days: null,
    sort_order: 0,
  },
  {
    id: 'credits-10',
    name: '10 Credits',
    description: 'For the occasional product shot or portrait.',
    price_cents: 515,
    credits: 10,
    price_per_credit_cents: 52,
    billing_type: 'one-time',
    interval: 'one-time',
    features: ['10 images', 'Full-resolution results', 'Batch processing', 'API access'],
    popular: 0,
    validity: '1 year',
    validity_days: 365,
    sort_order: 1,
  },
  {
    id: 'credits-100',
    name: '100 Credits',
    description: 'For shops and photographers with a steady flow of images.',
    price_cents: 2062,
    credits: 100,
    price_per_credit_cents: 21,
    billing_type: 'one-time',
    interval: 'one-time',
    features: ['100 images', 'Full-resolution results', 'Batch processing', 'API access'],
    popular: 1,
    validity: '1 year',
    validity_days: 365,
    sort_order: 2,
  },
  {
    id: 'credits-1000',
    name: '1000 Credits',
    description: 'For catalogues and automated pipelines.',
    price_cents: 3093,
    credits: 1000,
    price_per_credit_cents: 3,
    billing_type: 'one-time',
    interval: 'one-time',
    features: ['1000 images', 'Full-resolution results', 'Batch processing', 'API access'],
    popular: 0,
    validity: '1 year',
    validity_days: 365,
    sort_order: 3,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Volume pricing, integration help and support for teams.',
    price_cents: 0,
    credits: -1,
    price_per_credit_cents: null,
    billing_type: 'enterprise',
    interval: 'custom',
    features: ['Custom volume', 'Volume discounts', 'Integration support', 'Dedicated support'],
    popular: 0,
    validity: null,
    validity_days: null,
    sort_order: 4,
  },
];

export function payments({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plans')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('price_per_credit_cents', 'integer')
        .addColumn('billing_type', 'text', (c) =>
          c.notNull().check(sql`billing_type in ('free', 'one-time', 'enterprise')`),
        )
        .addColumn('interval', 'text', (c) => c.notNull())
        // A JSON array of strings.
        .addColumn('features', 'text', (c) => c.notNull())
        .addColumn('popular', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('validity', 'text')
        // How long a lot bought with this plan lasts; null: it does not expire.
        .addColumn('validity_days', 'integer')
        .addColumn('lemonsqueezy_variant_id', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      // The table as it is at this migration, not today's Database type.
      await (db as Kysely<{ plans: Record<string, unknown> }>)
        .insertInto('plans')
        .values(
          seedPlans.map((p) => ({
            ...p,
            currency: 'USD',
            features: JSON.stringify(p.features),
          })),
        )
        .execute();

      await db.schema
        .createTable('checkouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_checkout_id', 'text')
        .addColumn('url', 'text')
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('credits', 'integer', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('checkouts_user').on('checkouts').column('user_id').execute();

      await db.schema
        .createTable('credit_lots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The ledger kind that created it: grant, purchase, adjustment, refund.
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('granted', 'integer', (c) => c.notNull().check(sql`granted > 0`))
        .addColumn('remaining', 'integer', (c) =>
          c.notNull().check(sql`remaining >= 0 and remaining <= granted`),
        )
        .addColumn('expires_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('credit_lots_user')
        .on('credit_lots')
        .columns(['user_id', 'expires_at'])
        .execute();
      await db.schema
        .createIndex('credit_lots_expiry')
        .on('credit_lots')
        .columns(['expires_at', 'remaining'])
        .execute();
      // Balances that existed before lots: one lot each, never expiring, so that the sum of a
      // user's lots equals users.credits from the start.
      await sql`
        insert into credit_lots (id, user_id, source, granted, remaining, expires_at)
        select 'opening-' || id, id, 'grant', credits, credits, null from users where credits > 0
      `.execute(db);

      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_order_id', 'text', (c) => c.notNull())
        .addColumn('receipt_number', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('plan_id', 'text')
        .addColumn('plan_name', 'text')
        .addColumn('checkout_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('paid', 'refunded')`))
        .addColumn('amount_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lot_id', 'text')
        .addColumn('lot_expires_at', timestamp)
        .addColumn('refunded_credits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('buyer_email', 'text')
        .addColumn('buyer_name', 'text')
        .addColumn('paid_at', timestamp)
        .addColumn('refunded_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('orders_provider_order')
        .on('orders')
        .columns(['provider', 'provider_order_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('orders_user')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema.createIndex('orders_checkout').on('orders').column('checkout_id').execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_name', 'text')
        .addColumn('provider_order_id', 'text')
        // JSON object of the request headers as received.
        .addColumn('headers', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('signature_valid', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('replay_of', 'text')
        .addColumn('received_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('webhook_events_received')
        .on('webhook_events')
        .column('received_at')
        .execute();

      // The sandbox provider's side: what a real provider keeps on its own servers.
      await db.schema
        .createTable('sandbox_checkouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // JSON of the checkout request, as Lemon Squeezy would keep it.
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('open', 'paid', 'cancelled')`),
        )
        .addColumn('declines', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('sandbox_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_number', 'integer', (c) => c.notNull().unique())
        .addColumn('checkout_id', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('paid', 'refunded')`))
        // JSON of the order's attributes as the webhooks carry them.
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('refunded_at', timestamp)
        .execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event_name', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'delivered', 'failed')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp)
        .addColumn('last_attempt_at', timestamp)
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'webhook_deliveries',
        'sandbox_orders',
        'sandbox_checkouts',
        'webhook_events',
        'orders',
        'credit_lots',
        'checkouts',
        'plans',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
