import { randomUUID } from 'node:crypto';
import {
  auditActions,
  paymentTexts,
  refundRuleTexts,
  type Order,
  type RefundQuote,
  type SessionUser,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { refundDeclinedMail } from '../../mail/templates/refund-declined.js';
import { recordAudit } from '../audit/audit.service.js';
import { findLot } from '../credits/credits.repository.js';
import type { Acting } from '../audit/audit.service.js';
import { findOrder, type OrderRow } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';
import { orderExtras, refundableNow, toOrder } from './order-view.js';
import {
  decideRefundRequest,
  findRefundRequest,
  insertRefundRequest,
  type RefundRequestRow,
} from './refund-requests.repository.js';
import { quoteRefund } from './refund-rule.js';
import type { AdminNotification } from './webhooks.service.js';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

// 'Request refund' (docs/decisions/0125, 0263): within 30 days of purchase the buyer asks for
// the unused credits of a pack to be refunded; the request records what was unused then. An
// admin approves it (the provider refunds the unused credits' share at approval, the one refund
// rule, and its order_refunded removes the credits) or declines it with a reason the buyer is
// mailed.

export interface RefundRequestsOptions {
  db: Db;
  orders: OrdersService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  clock: () => Date;
  publicUrl: () => Promise<string>;
  notify?: AdminNotification;
}

export class RefundRequestsService {
  constructor(private readonly options: RefundRequestsOptions) {}

  /** The buyer asks: what is refundable now is fixed on the request. */
  async request(user: SessionUser, orderId: string, reason: string | undefined): Promise<Order> {
    const { db, clock } = this.options;
    const now = clock();
    const order = await findOrder(db, orderId);
    if (!order || order.user_id !== user.id) throw notFound('That order does not exist.');
    const extras = (await orderExtras(db, [order], now)).get(order.id)!;
    if (extras.refundRequest?.status === 'requested') {
      throw conflict(paymentTexts.refundAlreadyRequested);
    }
    if (extras.refundRequest?.status === 'declined') {
      throw conflict(paymentTexts.refundRequestDeclined(extras.refundRequest.decline_reason ?? ''));
    }
    const lot = order.lot_id ? await findLot(db, order.lot_id) : undefined;
    const refundable = refundableNow(
      order,
      lot && { remaining: Number(lot.remaining), expires_at: lot.expires_at },
      now,
    );
    if (!refundable) {
      const message =
        order.status !== 'paid' && order.status !== 'partially_refunded'
          ? paymentTexts.refundNotPaid
          : lot && Number(lot.remaining) === 0
            ? paymentTexts.refundNothingUnused
            : paymentTexts.refundWindowClosed;
      throw conflict(message);
    }
    try {
      await insertRefundRequest(db, {
        id: randomUUID(),
        order_id: order.id,
        user_id: user.id,
        status: 'requested',
        credits: refundable.credits,
        amount_cents: refundable.amountCents,
        currency: order.currency,
        buyer_reason: reason?.trim() || null,
        created_at: now.toISOString(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(paymentTexts.refundAlreadyRequested);
      throw error;
    }
    this.options.notify?.('refund_request', {
      order: order.receipt_number,
      plan: order.plan_name,
      credits: refundable.credits,
      amount: `${(refundable.amountCents / 100).toFixed(2)} ${order.currency}`,
    });
    const after = await orderExtras(db, [order], now);
    return toOrder(order, after.get(order.id));
  }

  /**
   * The admin approves: what is unused now is refunded (never the request's figure of when it
   * was made: credits used since reduce it). `confirmedCents` is the amount the admin's
   * confirmation showed; when it changed meanwhile, nothing is done and the new amount is said.
   * A pack used up since the request closes it, saying why, and the buyer is told. The request
   * is claimed first (so two admins cannot both refund) and open again if the provider refuses.
   */
  async approve(acting: Acting, requestId: string, confirmedCents?: number) {
    const { db, orders, clock } = this.options;
    const request = await findRefundRequest(db, requestId);
    if (!request) throw notFound('That refund request does not exist.');
    if (request.status !== 'requested') throw conflict(paymentTexts.refundRequestNotOpen);
    const order = await orders.find(request.order_id);
    const quote = await quoteRefund(db, request, order, clock());
    if (quote.amountCents <= 0) return this.close(acting, request, order, quote);
    if (confirmedCents !== undefined && confirmedCents !== quote.amountCents) {
      throw conflict(refundRuleTexts.amountChanged(money(quote.amountCents, order.currency)));
    }
    const claimed = await decideRefundRequest(db, requestId, 'requested', {
      status: 'approved',
      decided_by: acting.actor.id,
      decided_at: clock().toISOString(),
    });
    if (!claimed) throw conflict(paymentTexts.refundRequestNotOpen);
    let refunded: number;
    try {
      refunded = (await orders.refund(order.id, quote.amountCents)).amountCents;
    } catch (error) {
      await decideRefundRequest(db, requestId, 'approved', {
        status: 'requested',
        decided_by: null,
        decided_at: null,
      });
      throw error;
    }
    await recordAudit(db, {
      actor: acting.actor,
      action: auditActions.refundApprove,
      target: { type: 'order', id: order.id },
      detail: {
        email: order.buyer_email,
        receipt: order.receipt_number,
        request: requestId,
        amount: money(refunded, order.currency),
        computation: quote.computation,
        askedFor: money(Number(request.amount_cents), order.currency),
        unusedWhenAsked: Number(request.credits),
        unusedNow: quote.unspentCredits,
        imagesSinceRequest: quote.imagesSinceRequest,
        before: { request: 'requested' },
        after: { request: 'approved' },
      },
      ip: acting.ip,
    });
    return claimed;
  }

  /** The rule closes a request nothing is left to refund of; the buyer is mailed why. */
  private async close(
    acting: Acting,
    request: RefundRequestRow,
    order: OrderRow,
    quote: RefundQuote,
  ): Promise<RefundRequestRow> {
    const { db, clock } = this.options;
    const reason = refundRuleTexts.allUsed;
    const closed = await db.transaction().execute(async (trx) => {
      const row = await decideRefundRequest(trx, request.id, 'requested', {
        status: 'declined',
        decline_reason: reason,
        decided_by: acting.actor.id,
        decided_at: clock().toISOString(),
      });
      if (!row) throw conflict(paymentTexts.refundRequestNotOpen);
      await recordAudit(trx, {
        actor: acting.actor,
        action: auditActions.refundDecline,
        target: { type: 'order', id: order.id },
        detail: {
          email: order.buyer_email,
          receipt: order.receipt_number,
          request: request.id,
          reason,
          computation: quote.computation,
          imagesSinceRequest: quote.imagesSinceRequest,
          before: { request: 'requested' },
          after: { request: 'declined' },
        },
        ip: acting.ip,
      });
      return row;
    });
    await this.mailDecision(order, request, reason, true);
    return closed;
  }

  /** A refund of the order closed the request (order-events.service.ts): the buyer is told. */
  async mailClosed(request: RefundRequestRow, order: OrderRow): Promise<void> {
    await this.mailDecision(order, request, request.decline_reason ?? '', true);
  }

  private async mailDecision(
    order: OrderRow | undefined,
    request: RefundRequestRow,
    reason: string,
    closed: boolean,
  ) {
    const to = order?.buyer_email;
    if (!order || !to) return;
    const billing = `${await this.options.publicUrl()}/dashboard/subscriptions`;
    this.options.mailer.enqueue(
      refundDeclinedMail(to, {
        receiptNumber: order.receipt_number,
        credits: Number(request.credits),
        planName: order.plan_name,
        amountCents: Number(request.amount_cents),
        currency: request.currency,
        reason,
        billingUrl: billing,
        closed,
      }),
    );
  }

  /** The admin declines with a reason; the buyer is mailed it. */
  async decline(acting: Acting, requestId: string, reason: string) {
    const { db, clock } = this.options;
    const request = await findRefundRequest(db, requestId);
    if (!request) throw notFound('That refund request does not exist.');
    const order = await findOrder(db, request.order_id);
    const declined = await db.transaction().execute(async (trx) => {
      const row = await decideRefundRequest(trx, requestId, 'requested', {
        status: 'declined',
        decline_reason: reason,
        decided_by: acting.actor.id,
        decided_at: clock().toISOString(),
      });
      if (!row) throw conflict(paymentTexts.refundRequestNotOpen);
      await recordAudit(trx, {
        actor: acting.actor,
        action: auditActions.refundDecline,
        target: { type: 'order', id: request.order_id },
        detail: {
          email: order?.buyer_email ?? null,
          receipt: order?.receipt_number ?? null,
          request: requestId,
          reason,
          before: { request: 'requested' },
          after: { request: 'declined' },
        },
        ip: acting.ip,
      });
      return row;
    });
    await this.mailDecision(order, request, reason, false);
    return declined;
  }
}
