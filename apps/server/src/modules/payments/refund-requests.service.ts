import { randomUUID } from 'node:crypto';
import { auditActions, paymentTexts, type Order, type SessionUser } from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { refundDeclinedMail } from '../../mail/templates/refund-declined.js';
import { recordAudit } from '../audit/audit.service.js';
import { findLot } from '../credits/credits.repository.js';
import type { Acting } from '../audit/audit.service.js';
import { findOrder } from './orders.repository.js';
import type { OrdersService } from './orders.service.js';
import { orderExtras, refundableNow, toOrder } from './order-view.js';
import {
  decideRefundRequest,
  findRefundRequest,
  insertRefundRequest,
} from './refund-requests.repository.js';
import type { AdminNotification } from './webhooks.service.js';

// 'Request refund' (docs/decisions/0125): within 30 days of purchase the buyer asks for the
// unused credits of a pack to be refunded; an admin approves it (the provider refunds that
// share of the price, and its order_refunded removes the credits) or declines it with a reason
// the buyer is mailed.

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
   * The admin approves: the request is claimed first (so two admins cannot both refund), then
   * the provider is asked to refund its amount; if the provider refuses, the request is open
   * again and nothing changed.
   */
  async approve(acting: Acting, requestId: string) {
    const { db, orders, clock } = this.options;
    const request = await findRefundRequest(db, requestId);
    if (!request) throw notFound('That refund request does not exist.');
    const order = await orders.find(request.order_id);
    const claimed = await decideRefundRequest(db, requestId, 'requested', {
      status: 'approved',
      decided_by: acting.actor.id,
      decided_at: clock().toISOString(),
    });
    if (!claimed) throw conflict(paymentTexts.refundRequestNotOpen);
    const amount = Math.min(
      request.amount_cents,
      Math.max(0, order.amount_cents - order.refunded_cents),
    );
    try {
      if (amount <= 0) throw new AppError(409, 'conflict', paymentTexts.notRefundable);
      await orders.refund(order.id, amount);
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
        amount: `${(amount / 100).toFixed(2)} ${order.currency}`,
        credits: request.credits,
        before: { request: 'requested' },
        after: { request: 'approved' },
      },
      ip: acting.ip,
    });
    return claimed;
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
    const to = order?.buyer_email;
    if (order && to) {
      const billing = `${await this.options.publicUrl()}/dashboard/subscriptions`;
      this.options.mailer.enqueue(
        refundDeclinedMail(to, {
          receiptNumber: order.receipt_number,
          credits: request.credits,
          planName: order.plan_name,
          amountCents: request.amount_cents,
          currency: request.currency,
          reason,
          billingUrl: billing,
        }),
      );
    }
    return declined;
  }
}
