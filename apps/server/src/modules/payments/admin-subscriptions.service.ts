import {
  auditActions,
  type AdminSubscription,
  type AdminSubscriptionDetail,
  type AdminSubscriptionStats,
  type AdminSubscriptionsFilters,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { paidOrdersSince } from '../admin/admin-overview.repository.js';
import { recordAudit } from '../audit/audit.service.js';
import { findLot } from '../credits/credits.repository.js';
import type { Acting } from './acting.js';
import { findBuyer, ledgerRowsOfOrder } from './admin-subscriptions.repository.js';
import {
  findOrder,
  salesByPlanSince,
  setOrderNote,
  type OrderFilters,
  type OrderRow,
} from './orders.repository.js';
import type { OrdersService } from './orders.service.js';
import { orderReference, toOrder, toWebhookEvent } from './order-view.js';
import { deliveriesMentioning } from './webhook-deliveries.repository.js';
import { webhookEventsOfOrder } from './webhook-events.repository.js';

// The admin's purchases: spec §7's "subscriptions" are, for one-time credit packs, orders with
// their credit lots (docs/decisions/0104). List, detail, the admin's note, refund ("cancel")
// through the provider, and sales by plan. Refunds and notes are audited with before/after.

export type { Acting } from './acting.js';

const DAY = 86_400_000;

export function toAdminSubscription(row: OrderRow): AdminSubscription {
  return {
    ...toOrder(row),
    providerOrderId: row.provider_order_id,
    userId: row.user_id,
    buyerEmail: row.buyer_email,
    buyerName: row.buyer_name,
    note: row.admin_note,
  };
}

export interface AdminSubscriptionsOptions {
  db: Db;
  orders: OrdersService;
}

export class AdminSubscriptionsService {
  constructor(private readonly options: AdminSubscriptionsOptions) {}

  async list(q: AdminSubscriptionsFilters) {
    const filters: OrderFilters = {
      ...(q.search ? { search: q.search } : {}),
      ...(q.status && q.status !== 'all' ? { status: q.status } : {}),
      ...(q.plan && q.plan !== 'all' ? { planId: q.plan } : {}),
      ...(q.mode && q.mode !== 'all' ? { testMode: q.mode === 'test' } : {}),
      ...(q.provider && q.provider !== 'all' ? { provider: q.provider } : {}),
    };
    const page = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
    const { rows, total } = await this.options.orders.listRows(filters, page);
    return {
      subscriptions: rows.map(toAdminSubscription),
      total,
      page: q.page,
      perPage: q.per_page,
    };
  }

  async detail(id: string, now = new Date()): Promise<AdminSubscriptionDetail> {
    const { db, orders } = this.options;
    const order = await orders.find(id);
    const reference = orderReference(order.provider, order.provider_order_id);
    const [buyer, lot, ledger, events, deliveries] = await Promise.all([
      order.user_id ? findBuyer(db, order.user_id) : undefined,
      order.lot_id ? findLot(db, order.lot_id) : undefined,
      order.user_id ? ledgerRowsOfOrder(db, order.user_id, reference) : [],
      webhookEventsOfOrder(db, order.provider, order.provider_order_id),
      order.provider === 'sandbox' ? deliveriesMentioning(db, order.provider_order_id) : [],
    ]);
    const refunded = Number(order.refunded_credits);
    return {
      subscription: toAdminSubscription(order),
      buyer: buyer
        ? { id: buyer.id, email: buyer.email, name: buyer.name, balance: Number(buyer.credits) }
        : null,
      lot: lot
        ? {
            id: lot.id,
            granted: Number(lot.granted),
            remaining: Number(lot.remaining),
            refunded,
            usedOrExpired: Math.max(0, Number(lot.granted) - Number(lot.remaining) - refunded),
            expiresAt: lot.expires_at,
            expired: lot.expires_at !== null && lot.expires_at <= now.toISOString(),
          }
        : null,
      ledger: ledger.map((r) => ({
        id: r.id,
        kind: r.kind,
        amount: Number(r.amount),
        balanceAfter: Number(r.balance_after),
        reason: r.reason,
        createdAt: String(r.created_at),
      })),
      webhookEvents: events.map(toWebhookEvent),
      deliveries: deliveries
        .filter((d) => {
          try {
            return (
              (JSON.parse(d.body) as { data?: { id?: unknown } }).data?.id ===
              order.provider_order_id
            );
          } catch {
            return false;
          }
        })
        .map((d) => ({
          id: d.id,
          eventName: d.event_name,
          status: d.status,
          attempts: Number(d.attempts),
          lastStatus: d.last_status === null ? null : Number(d.last_status),
          lastError: d.last_error,
          lastAttemptAt: d.last_attempt_at,
          createdAt: String(d.created_at),
        })),
      refundable: order.status === 'paid' && (await orders.canRefund(order.provider)),
    };
  }

  /** PUT /admin/subscriptions/{id}: the admin's note; an empty note clears it. */
  async updateNote(acting: Acting, id: string, note: string): Promise<AdminSubscription> {
    return this.options.db.transaction().execute(async (trx) => {
      const before = await findOrder(trx, id);
      if (!before) throw notFound('That order does not exist.');
      const after = (await setOrderNote(trx, id, note === '' ? null : note))!;
      await recordAudit(trx, {
        actor: acting.actor,
        action: auditActions.orderNote,
        target: { type: 'order', id },
        detail: {
          email: before.buyer_email,
          receipt: before.receipt_number,
          before: { note: before.admin_note },
          after: { note: after.admin_note },
        },
        ip: acting.ip,
      });
      return toAdminSubscription(after);
    });
  }

  /**
   * POST /admin/subscriptions/{id}/cancel (and POST /api/admin/orders/{id}/refund): asks the
   * order's provider to refund it. Only what OrdersService.refund allows (a paid order of the
   * configured provider); the unspent credits go when the provider's order_refunded arrives.
   * Audited once the provider accepted; nothing is written when it refused.
   */
  async cancel(acting: Acting, id: string): Promise<AdminSubscription> {
    const { db, orders } = this.options;
    const before = await orders.find(id);
    await orders.refund(id);
    const after = await orders.find(id);
    await recordAudit(db, {
      actor: acting.actor,
      action: auditActions.orderRefund,
      target: { type: 'order', id },
      detail: {
        email: before.buyer_email,
        receipt: before.receipt_number,
        provider: before.provider,
        amount: `${(Number(before.amount_cents) / 100).toFixed(2)} ${before.currency}`,
        testMode: Boolean(Number(before.test_mode)),
        before: { status: before.status, refundRequested: false },
        after: { status: after.status, refundRequested: true },
      },
      ip: acting.ip,
    });
    return toAdminSubscription(after);
  }

  /** Sales over the last `days` days: totals (the overview's query) and by plan. */
  async stats(days: number, now = new Date()): Promise<AdminSubscriptionStats> {
    const { db } = this.options;
    const since = new Date(now.getTime() - days * DAY).toISOString();
    const [totals, byPlan] = await Promise.all([
      paidOrdersSince(db, since),
      salesByPlanSince(db, since),
    ]);
    const refunded = byPlan.reduce((n, p) => n + p.refunded, 0);
    return {
      days,
      since,
      currency: totals.currency,
      totals: {
        orders: totals.orders,
        liveOrders: totals.realOrders,
        testOrders: totals.orders - totals.realOrders,
        refunded,
        revenueCents: totals.revenueCents,
        creditsSold: totals.credits,
      },
      byPlan: byPlan.map(({ currency: _c, ...plan }) => plan),
    };
  }
}
