import {
  auditActions,
  refundableCents,
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
import type { Acting } from '../audit/audit.service.js';
import { findBuyer, ledgerRowsOfOrder } from './admin-subscriptions.repository.js';
import {
  countAwaitingAdmin,
  findOrder,
  salesByPlanSince,
  setOrderNote,
  type OrderFilters,
  type OrderRow,
} from './orders.repository.js';
import {
  orderExtras,
  orderReference,
  toOrder,
  toWebhookEvent,
  type OrderExtras,
} from './order-view.js';
import type { HeldOrderMails } from './held-order-mails.js';
import { listInvoicesOf } from './invoices.repository.js';
import { OrdersService } from './orders.service.js';
import { mostRefundableCents, quoteRefund, refundStateOf } from './refund-rule.js';
import { deliveriesMentioning } from './webhook-deliveries.repository.js';
import { webhookEventsOfOrder } from './webhook-events.repository.js';

// The admin's purchases: spec §7's "subscriptions" are, for one-time credit packs, orders with
// their credit lots (docs/decisions/0104). List, detail, the admin's note, refund ("cancel")
// through the provider, and sales by plan. Refunds and notes are audited with before/after.

const DAY = 86_400_000;

export function toAdminSubscription(row: OrderRow, extras?: OrderExtras): AdminSubscription {
  return {
    ...toOrder(row, extras),
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
  /** Tells the buyer that their held order was credited (decision 0264). */
  heldMails?: HeldOrderMails;
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
      ...(q.request && q.request !== 'all' ? { request: q.request } : {}),
    };
    const page = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
    const { rows, total } = await this.options.orders.listRows(filters, page);
    const extras = await orderExtras(this.options.db, rows, new Date());
    return {
      subscriptions: rows.map((row) => toAdminSubscription(row, extras.get(row.id))),
      total,
      page: q.page,
      perPage: q.per_page,
    };
  }

  async detail(id: string, now = new Date()): Promise<AdminSubscriptionDetail> {
    const { db, orders } = this.options;
    const order = await orders.find(id);
    const reference = orderReference(order.provider, order.provider_order_id);
    const [buyer, lot, ledger, events, deliveries, extras, invoices] = await Promise.all([
      order.user_id ? findBuyer(db, order.user_id) : undefined,
      order.lot_id ? findLot(db, order.lot_id) : undefined,
      order.user_id ? ledgerRowsOfOrder(db, order.user_id, reference) : [],
      webhookEventsOfOrder(db, order.provider, order.provider_order_id),
      order.provider === 'sandbox' ? deliveriesMentioning(db, order.provider_order_id) : [],
      orderExtras(db, [order], now),
      listInvoicesOf(db, [order.id]),
    ]);
    const refunded = Number(order.refunded_credits);
    const state = refundStateOf(order, lot, now);
    const refundable =
      order.status !== 'refunded' &&
      OrdersService.leftToRefund(order) > 0 &&
      (await orders.canRefund(order.provider));
    const openRequest = extras.get(order.id)?.refundRequest;
    const refundQuote =
      openRequest?.status === 'requested' ? await quoteRefund(db, openRequest, order, now) : null;
    return {
      subscription: toAdminSubscription(order, extras.get(order.id)),
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
      refundable,
      refundableCents: refundable ? mostRefundableCents(order, state, false) : 0,
      goodwillCents: refundable ? OrdersService.leftToRefund(order) : 0,
      refundState: state,
      refundQuote,
      creditable: order.status === 'needs_review' && !order.lot_id && buyer !== undefined,
      expectedCredits: Number(order.credits) > 0 ? Number(order.credits) : null,
      invoices: invoices.map((i) => ({
        id: i.id,
        number: i.number,
        kind: i.kind,
        amountCents: Number(i.amount_cents),
        currency: i.currency,
        issuedAt: String(i.issued_at),
      })),
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
   * configured provider, at most the unused credits' share unless `goodwill`: decision 0263);
   * the unspent credits go when the provider's order_refunded arrives. A goodwill refund of
   * used credits is labelled so in the audit log.
   * Audited once the provider accepted; nothing is written when it refused.
   */
  async cancel(
    acting: Acting,
    id: string,
    amountCents?: number,
    goodwill = false,
  ): Promise<AdminSubscription> {
    const { db, orders } = this.options;
    const before = await orders.find(id);
    const asked = await orders.refund(id, amountCents, { goodwill });
    const after = await orders.find(id);
    const share = refundableCents(asked.state);
    await recordAudit(db, {
      actor: acting.actor,
      action: auditActions.orderRefund,
      target: { type: 'order', id },
      detail: {
        email: before.buyer_email,
        receipt: before.receipt_number,
        provider: before.provider,
        amount: `${(Number(before.amount_cents) / 100).toFixed(2)} ${before.currency}`,
        refundAsked: `${(asked.amountCents / 100).toFixed(2)} ${before.currency}`,
        unusedShare: `${(share / 100).toFixed(2)} ${before.currency}`,
        // The label of a deliberate refund of used credits (decision 0263).
        ...(goodwill ? { goodwill: asked.amountCents > share } : {}),
        testMode: Boolean(Number(before.test_mode)),
        before: { status: before.status, refundRequested: false },
        after: { status: after.status, refundRequested: true },
      },
      ip: acting.ip,
    });
    return toAdminSubscription(after);
  }

  /** Credit: an order held for review is accepted and its pack granted (audited). */
  async credit(acting: Acting, id: string, credits: number | undefined, reason: string) {
    const { before, after, balance } = await this.options.orders.creditHeld(id, credits);
    await recordAudit(this.options.db, {
      actor: acting.actor,
      action: auditActions.orderCredit,
      target: { type: 'order', id },
      detail: {
        email: before.buyer_email,
        receipt: before.receipt_number,
        reason,
        heldBecause: before.review_reason,
        before: { status: before.status, credits: 0 },
        after: { status: after.status, credits: Number(after.credits), balance },
      },
      ip: acting.ip,
    });
    this.options.heldMails?.send(after, { kind: 'credited', credits: Number(after.credits) });
    return toAdminSubscription(after);
  }

  /** Sales over the last `days` days: totals (the overview's query) and by plan. */
  async stats(days: number, now = new Date()): Promise<AdminSubscriptionStats> {
    const { db } = this.options;
    const since = new Date(now.getTime() - days * DAY).toISOString();
    const [totals, byPlan, awaiting] = await Promise.all([
      paidOrdersSince(db, since),
      salesByPlanSince(db, since),
      countAwaitingAdmin(db),
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
        ...awaiting,
      },
      byPlan: byPlan.map(({ currency: _c, ...plan }) => plan),
    };
  }
}
