import type { Kysely } from 'kysely';

// The admin's purchases and pricing (docs/decisions/0104, 0105):
// - orders.admin_note: the one thing an admin may change on an order (PUT /admin/subscriptions/{id}).
// - orders (paid_at) and (created_at, id): the stats period and the admin list's order.
// - webhook_events (provider_order_id): an order's webhooks on its detail view.

export function adminOrdersPricing() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('admin_note', 'text').execute();
      await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
      await db.schema
        .createIndex('orders_created_at_id')
        .on('orders')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('webhook_events_order')
        .on('webhook_events')
        .columns(['provider', 'provider_order_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('webhook_events_order').execute();
      await db.schema.dropIndex('orders_created_at_id').execute();
      await db.schema.dropIndex('orders_paid_at').execute();
      await db.schema.alterTable('orders').dropColumn('admin_note').execute();
    },
  };
}
