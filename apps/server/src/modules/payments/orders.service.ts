import { paymentTexts, refundRuleTexts, type Order, type RefundState } from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { ProviderLookup } from './active-provider.js';
import type { InvoiceRow } from './invoices.repository.js';
import { creditOrderIn } from './order-events.service.js';
import {
  findOrder,
  listOrderRows,
  lockOrder,
  type OrderFilters,
  type OrderRow,
} from './orders.repository.js';
import { orderExtras, toOrder } from './order-view.js';
import { findPlanRow } from './plans.repository.js';
import { loadRefundState, mostRefundableCents } from './refund-rule.js';

// Orders as the operator sees them: refunds through the provider, whole or in part
// (docs/decisions/0104, 0121), and Credit for an order held for review (0120).

export interface OrdersServiceOptions {
  db: Db;
  provider: ProviderLookup;
  clock: () => Date;
  /** Where a provider's refusal is logged in full (the admin is told only that it refused). */
  log?: FastifyBaseLogger;
  /** Documents just issued (the invoice of an order credited by the admin): mailed. */
  onIssued?: (invoice: InvoiceRow) => void;
}

const refundableStatuses: readonly OrderRow['status'][] = [
  'paid',
  'partially_refunded',
  'needs_review',
];

export class OrdersService {
  constructor(private readonly options: OrdersServiceOptions) {}

  /** Orders, newest first, with filters. */
  async list(filters: OrderFilters, page: { limit: number; offset: number }) {
    const { rows, total } = await this.listRows(filters, page);
    const extras = await orderExtras(this.options.db, rows, this.options.clock());
    return { orders: rows.map((row) => toOrder(row, extras.get(row.id))), total };
  }

  /** The same list as stored rows (the admin's view adds buyer and note to each order). */
  listRows(filters: OrderFilters, page: { limit: number; offset: number }) {
    return listOrderRows(this.options.db, filters, page);
  }

  async find(orderId: string): Promise<OrderRow> {
    const order = await findOrder(this.options.db, orderId);
    if (!order) throw notFound('That order does not exist.');
    return order;
  }

  /** Whether orders of `provider` can be refunded here: only through the configured provider. */
  async canRefund(provider: string): Promise<boolean> {
    return (await this.options.provider()).adapter?.name === provider;
  }

  /** What is left to refund of an order, in minor units. */
  static leftToRefund(order: OrderRow): number {
    return Math.max(0, Number(order.amount_cents) - Number(order.refunded_cents ?? 0));
  }

  /**
   * Asks the order's provider to refund `amountCents` of it, under the one refund rule
   * (refund-rule.ts, decision 0263): at most the unused credits' share not refunded yet (the
   * default), or up to the rest of the price when the admin chose a goodwill refund. The
   * credits go when its `order_refunded` arrives, in proportion to the amount.
   */
  async refund(
    orderId: string,
    amountCents?: number,
    options: { goodwill?: boolean } = {},
  ): Promise<{ order: Order; amountCents: number; state: RefundState }> {
    const order = await this.find(orderId);
    if (order.status === 'refunded') throw conflict(paymentTexts.notRefundable);
    if (!refundableStatuses.includes(order.status)) throw conflict(paymentTexts.refundNotPaid);
    const left = OrdersService.leftToRefund(order);
    const state = await loadRefundState(this.options.db, order, this.options.clock());
    const most = mostRefundableCents(order, state, options.goodwill === true);
    if (most <= 0) throw conflict(refundRuleTexts.nothingUnspent);
    if (amountCents !== undefined && (amountCents <= 0 || amountCents > most)) {
      const message =
        most < left
          ? refundRuleTexts.aboveUnspent((most / 100).toFixed(2), (left / 100).toFixed(2))
          : paymentTexts.refundAmountInvalid(left);
      throw new AppError(400, 'validation_failed', message, { amountCents: message });
    }
    const amount = amountCents ?? most;
    const provider = (await this.options.provider()).adapter;
    if (!provider || provider.name !== order.provider)
      throw conflict(paymentTexts.refundUnavailable);
    // The whole rest is asked as such, so the provider marks the order refunded.
    try {
      await provider.refund(order.provider_order_id, amount === left ? undefined : amount);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Nothing was refunded and no credit moved: say so, and keep the provider's answer in the log.
      this.options.log?.error({ err: error, order: order.id }, 'the provider refused a refund');
      throw new AppError(502, 'service_unavailable', paymentTexts.refundProviderFailed);
    }
    return { order: toOrder(order), amountCents: amount, state };
  }

  /**
   * Credit: the admin accepts an order held for review (decision 0120) and grants its pack (or
   * the credits they give), with its lot, ledger row and invoice, in one transaction.
   */
  async creditHeld(
    orderId: string,
    credits: number | undefined,
  ): Promise<{ before: OrderRow; after: OrderRow; balance: number }> {
    const now = this.options.clock();
    const result = await this.options.db.transaction().execute(async (trx) => {
      const before = await lockOrder(trx, orderId);
      if (!before) throw notFound('That order does not exist.');
      // An order held after it was credited (a refund above its total) is not credited twice.
      if (before.status !== 'needs_review' || before.lot_id) throw conflict(paymentTexts.notHeld);
      if (!before.user_id) throw conflict(paymentTexts.heldWithoutBuyer);
      const grant = credits ?? Number(before.credits);
      if (!grant || grant <= 0) {
        throw new AppError(400, 'validation_failed', paymentTexts.creditsNeeded, {
          credits: paymentTexts.creditsNeeded,
        });
      }
      const plan = before.plan_id ? await findPlanRow(trx, before.plan_id) : undefined;
      const validityDays = plan?.validity_days == null ? 365 : Number(plan.validity_days);
      const { order, invoice, balance } = await creditOrderIn(
        trx,
        before,
        {
          credits: grant,
          validityDays,
          reason: `${before.plan_name ?? 'Credit pack'} bought (receipt ${before.receipt_number}), credited after review`,
        },
        now,
      );
      return { before, after: order, balance, invoice };
    });
    this.options.onIssued?.(result.invoice);
    return { before: result.before, after: result.after, balance: result.balance };
  }
}
