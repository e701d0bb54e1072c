import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  CheckoutTable,
  OrderTable,
  PlanTable,
  SandboxCheckoutTable,
  SandboxOrderTable,
  WebhookDeliveryTable,
  WebhookEventTable,
} from '../../db/schema.js';

// The SQL of payments: plans, checkouts, orders, stored webhook events, and the sandbox
// provider's own records. Functions take (db | trx) so the service composes them in one
// transaction with the credit ledger.

export type PlanRow = Selectable<PlanTable>;
export type OrderRow = Selectable<OrderTable>;
export type CheckoutRow = Selectable<CheckoutTable>;
export type WebhookEventRow = Selectable<WebhookEventTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;
export type SandboxCheckoutRow = Selectable<SandboxCheckoutTable>;
export type SandboxOrderRow = Selectable<SandboxOrderTable>;

// ---- plans ----

export async function listPlanRows(db: Db, options: { activeOnly?: boolean } = {}) {
  let query = db.selectFrom('plans').selectAll().orderBy('sort_order').orderBy('id');
  if (options.activeOnly) query = query.where('active', '=', 1);
  return query.execute();
}

export async function findPlanRow(db: Db, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPlanByVariant(db: Db, variantId: string): Promise<PlanRow | undefined> {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('lemonsqueezy_variant_id', '=', variantId)
    .executeTakeFirst();
}

export async function updatePlanRow(
  db: Db,
  id: string,
  changes: Updateable<PlanTable>,
): Promise<PlanRow | undefined> {
  return db
    .updateTable('plans')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// ---- checkouts ----

export async function insertCheckout(db: Db, row: Insertable<CheckoutTable>): Promise<void> {
  await db.insertInto('checkouts').values(row).execute();
}

export async function setCheckoutUrl(
  db: Db,
  id: string,
  url: string,
  providerCheckoutId: string | null,
): Promise<void> {
  await db
    .updateTable('checkouts')
    .set({ url, provider_checkout_id: providerCheckoutId })
    .where('id', '=', id)
    .execute();
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- orders ----

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
): Promise<void> {
  await db.updateTable('orders').set(changes).where('id', '=', id).execute();
}

/**
 * Marks a paid order refunded, in one statement that also takes the row's lock: of two
 * concurrent refunds the second waits, then no longer matches `status = 'paid'`.
 */
export async function markOrderRefunded(
  db: Db,
  provider: string,
  providerOrderId: string,
  refundedAt: string,
): Promise<OrderRow | undefined> {
  return db
    .updateTable('orders')
    .set({ status: 'refunded', refunded_at: refundedAt })
    .where('provider', '=', provider)
    .where('provider_order_id', '=', providerOrderId)
    .where('status', '=', 'paid')
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
  status?: 'paid' | 'refunded';
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
    .where('status', '=', 'paid')
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
    .where('status', '=', 'paid')
    .where('paid_at', '>=', since)
    .orderBy('paid_at', 'desc')
    .executeTakeFirst();
}

// ---- webhook events ----

export async function insertWebhookEvent(
  db: Db,
  row: Insertable<WebhookEventTable>,
): Promise<void> {
  await db.insertInto('webhook_events').values(row).execute();
}

export async function setWebhookOutcome(
  db: Db,
  id: string,
  outcome: string,
  detail: string | null,
): Promise<void> {
  await db.updateTable('webhook_events').set({ outcome, detail }).where('id', '=', id).execute();
}

export async function findWebhookEvent(db: Db, id: string): Promise<WebhookEventRow | undefined> {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listWebhookEventRows(
  db: Db,
  filters: { provider?: string; outcome?: string; providerOrderId?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookEventRow[]; total: number }> {
  let query = db.selectFrom('webhook_events');
  if (filters.provider) query = query.where('provider', '=', filters.provider);
  if (filters.outcome) query = query.where('outcome', '=', filters.outcome);
  if (filters.providerOrderId)
    query = query.where('provider_order_id', '=', filters.providerOrderId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// ---- usage (from real jobs) ----

export async function listCompletedJobTimes(
  db: Db,
  userId: string,
  since: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('finished_at')
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('finished_at', '>=', since)
    .execute();
  return rows.map((r) => r.finished_at!).filter(Boolean);
}

// ---- the sandbox provider's own records ----

export async function insertSandboxCheckout(
  db: Db,
  row: Insertable<SandboxCheckoutTable>,
): Promise<void> {
  await db.insertInto('sandbox_checkouts').values(row).execute();
}

export async function findSandboxCheckout(
  db: Db,
  id: string,
): Promise<SandboxCheckoutRow | undefined> {
  return db.selectFrom('sandbox_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves an open sandbox checkout to `status`; false when it was no longer open. */
export async function closeSandboxCheckout(
  db: Db,
  id: string,
  status: 'paid' | 'cancelled',
): Promise<boolean> {
  const row = await db
    .updateTable('sandbox_checkouts')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countSandboxDecline(db: Db, id: string): Promise<void> {
  await db
    .updateTable('sandbox_checkouts')
    .set({ declines: sql<number>`declines + 1` })
    .where('id', '=', id)
    .execute();
}

export async function nextSandboxOrderNumber(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sandbox_orders')
    .select((eb) => eb.fn.max<number | string | null>('order_number').as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 1000) + 1;
}

export async function insertSandboxOrder(
  db: Db,
  row: Insertable<SandboxOrderTable>,
): Promise<void> {
  await db.insertInto('sandbox_orders').values(row).execute();
}

export async function findSandboxOrder(db: Db, id: string): Promise<SandboxOrderRow | undefined> {
  return db.selectFrom('sandbox_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function refundSandboxOrder(
  db: Db,
  id: string,
  data: string,
  refundedAt: string,
): Promise<boolean> {
  const row = await db
    .updateTable('sandbox_orders')
    .set({ status: 'refunded', refunded_at: refundedAt, data })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// ---- the sandbox's outgoing webhook deliveries ----

export async function insertDelivery(db: Db, row: Insertable<WebhookDeliveryTable>): Promise<void> {
  await db.insertInto('webhook_deliveries').values(row).execute();
}

export async function listDueDeliveries(db: Db, now: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** Claims a due delivery by moving its next attempt; false when another claimed it first. */
export async function claimDelivery(
  db: Db,
  id: string,
  seenNextAttempt: string,
  leaseUntil: string,
): Promise<boolean> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', seenNextAttempt)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateDelivery(
  db: Db,
  id: string,
  changes: Updateable<WebhookDeliveryTable>,
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDeliveries(db: Db) {
  return db.selectFrom('webhook_deliveries').selectAll().orderBy('created_at').execute();
}

/** Only one plan is popular at a time (docs/decisions/0105): the others lose the mark. */
export async function clearPopularExcept(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .updateTable('plans')
    .set({ popular: 0 })
    .where('id', '!=', id)
    .where('popular', '=', 1)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function countActivePacksExcept(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('plans')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('id', '!=', id)
    .where('billing_type', '=', 'one-time')
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
