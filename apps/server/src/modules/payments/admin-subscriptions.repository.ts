import type { Db } from '../../db/database.js';

// The SQL behind the admin's purchases (docs/decisions/0104) that the buyer's side does not
// need: sales by plan, an order's ledger rows and webhooks, the admin's note.

/**
 * Orders paid since `since`, grouped by plan, with the overview's meanings
 * (admin-overview.repository.ts paidOrdersSince): credits net of refunds, revenue only from
 * live orders still paid; test-mode (sandbox) orders counted apart.
 */
export async function salesByPlanSince(db: Db, since: string) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'plan_id',
      eb.fn.max('plan_name').as('plan_name'),
      eb.fn.countAll<string | number>().as('orders'),
      eb.fn
        .sum<string | number>(eb.case().when('test_mode', '=', 0).then(1).else(0).end())
        .as('live_orders'),
      eb.fn
        .sum<string | number>(eb.case().when('status', '=', 'refunded').then(1).else(0).end())
        .as('refunded'),
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when(eb.and([eb('test_mode', '=', 0), eb('status', '=', 'paid')]))
            .then(eb.ref('amount_cents'))
            .else(0)
            .end(),
        )
        .as('revenue_cents'),
      eb.fn.sum<string | number>(eb('credits', '-', eb.ref('refunded_credits'))).as('credits'),
      eb.fn.max('currency').as('currency'),
    ])
    .where('paid_at', '>=', since)
    .groupBy('plan_id')
    .orderBy('plan_id')
    .execute();
  return rows.map((r) => ({
    planId: r.plan_id,
    planName: r.plan_name,
    orders: Number(r.orders),
    liveOrders: Number(r.live_orders ?? 0),
    testOrders: Number(r.orders) - Number(r.live_orders ?? 0),
    refunded: Number(r.refunded ?? 0),
    revenueCents: Number(r.revenue_cents ?? 0),
    creditsSold: Number(r.credits ?? 0),
    currency: r.currency,
  }));
}

/** The ledger rows an order wrote: its purchase and, once refunded, its refund. */
export async function ledgerRowsOfOrder(db: Db, userId: string, reference: string) {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reference', '=', reference)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function webhookEventsOfOrder(db: Db, provider: string, providerOrderId: string) {
  return db
    .selectFrom('webhook_events')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_order_id', '=', providerOrderId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/**
 * The sandbox's outgoing deliveries that carry this order (its body's data.id). The body is the
 * only place the order id is kept, so a LIKE narrows and the caller checks the parsed id.
 */
export async function deliveriesMentioning(db: Db, providerOrderId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('body', 'like', `%"id":"${providerOrderId.replace(/["%\\]/g, '')}"%`)
    .orderBy('created_at')
    .limit(50)
    .execute();
}

export async function findBuyer(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'credits'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setOrderNote(db: Db, orderId: string, note: string | null) {
  return db
    .updateTable('orders')
    .set({ admin_note: note })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirst();
}
