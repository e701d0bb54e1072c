import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OrderTable } from '../../db/schema.js';

// The SQL of `orders`: one row per provider order, inserted exactly once (docs/decisions/0073),
// the buyer's and the admin's lists, and sales by plan (0104).

export type OrderRow = Selectable<OrderTable>;

/** Inserts the order unless the provider's order id is known; returns the row when inserted. */
export async function insertOrderIfNew(
  db: Db,
  row: Insertable<OrderTable>,
): Promise<OrderRow | undefined> {
  return db
    .insertInto('orders')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'provider_order_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findOrderByProviderId(
  db: Db,
  provider: string,
  providerOrderId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirst();
}

export async function updateOrder(
  db: Db,
  id: string,
  changes: Updateable<OrderTable>,
): Promise<OrderRow> {
  return db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Reads an order and takes its row lock until the transaction ends (a no-op UPDATE, which both
 * dialects lock): of two concurrent refunds of one order, the second waits and sees the first.
 */
export async function lockOrderByProviderId(
  db: Db,
  provider: string,
  providerOrderId: string,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('provider', '=', provider)
    .where('provider_order_id', '=', providerOrderId)
    .returningAll()
    .executeTakeFirst();
}

/** The same lock by our order id (the admin's Credit of an order held for review). */
export async function lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByCheckout(
  db: Db,
  checkoutId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export interface OrderFilters {
  userId?: string;
  status?: OrderRow['status'];
  /** Orders whose latest refund request is in this state. */
  request?: 'requested' | 'approved' | 'declined';
  provider?: string;
  planId?: string;
  /** true: sandbox/test-mode orders only; false: orders that moved real money. */
  testMode?: boolean;
  /** Matches the order id, receipt number, provider's order id, buyer's e-mail or name. */
  search?: string;
  from?: string;
  to?: string;
}

export async function listOrderRows(
  db: Db,
  filters: OrderFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  let query = db.selectFrom('orders');
  if (filters.userId) query = query.where('user_id', '=', filters.userId);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.provider) query = query.where('provider', '=', filters.provider);
  if (filters.planId) query = query.where('plan_id', '=', filters.planId);
  if (filters.testMode !== undefined)
    query = query.where('test_mode', '=', filters.testMode ? 1 : 0);
  if (filters.request) {
    const wanted = filters.request;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('refund_requests as r')
          .select('r.id')
          .whereRef('r.order_id', '=', 'orders.id')
          .where('r.status', '=', wanted)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('refund_requests as later')
                  .select('later.id')
                  .whereRef('later.order_id', '=', 'r.order_id')
                  .whereRef('later.created_at', '>', 'r.created_at'),
              ),
            ),
          ),
      ),
    );
  }
  if (filters.from) query = query.where('created_at', '>=', filters.from);
  if (filters.to) query = query.where('created_at', '<', filters.to);
  if (filters.search) {
    const like = `%${filters.search.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['receipt_number']), 'like', like),
        eb(eb.fn('lower', ['provider_order_id']), 'like', like),
        eb(eb.fn('lower', ['buyer_email']), 'like', like),
        eb(eb.fn('lower', ['buyer_name']), 'like', like),
        eb(eb.fn('lower', ['id']), 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listPurchasedPlanIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('plan_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'partially_refunded'])
    .where('plan_id', 'is not', null)
    .execute();
  return rows.map((r) => r.plan_id!).filter(Boolean);
}

export async function findRecentPaidOrder(
  db: Db,
  userId: string,
  since: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'partially_refunded'])
    .where('paid_at', '>=', since)
    .orderBy('paid_at', 'desc')
    .executeTakeFirst();
}

/**
 * Orders paid since `since`, grouped by plan, with the overview's meanings
 * (admin-overview.repository.ts paidOrdersSince): credits and revenue net of refunds, revenue
 * only from live orders; test-mode (sandbox) orders counted apart. Orders held for review have
 * no paid_at until credited, so they count nowhere yet.
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
        .sum<string | number>(eb.case().when('refunded_cents', '>', 0).then(1).else(0).end())
        .as('refunded'),
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when('test_mode', '=', 0)
            .then(
              eb
                .case()
                // Never below what was kept: a refund is never more than the order (0263).
                .when('refunded_cents', '>', eb.ref('amount_cents'))
                .then(0)
                .else(eb('amount_cents', '-', eb.ref('refunded_cents')))
                .end(),
            )
            .else(0)
            .end(),
        )
        .as('revenue_cents'),
      // Credits sold for money: test-mode and sandbox orders grant credits but sell none.
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when('test_mode', '=', 0)
            .then(eb('credits', '-', eb.ref('refunded_credits')))
            .else(0)
            .end(),
        )
        .as('credits'),
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

export async function setOrderNote(db: Db, orderId: string, note: string | null) {
  return db
    .updateTable('orders')
    .set({ admin_note: note })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirst();
}

/** Orders held for the admin, and refund requests waiting for a decision (the stats' badges). */
export async function countAwaitingAdmin(db: Db) {
  const [review, requests] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', '=', 'needs_review')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refund_requests')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', '=', 'requested')
      .executeTakeFirstOrThrow(),
  ]);
  return { needsReview: Number(review.n), openRefundRequests: Number(requests.n) };
}
