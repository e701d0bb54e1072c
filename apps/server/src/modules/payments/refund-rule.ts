import {
  leftToRefundCents,
  refundableCents,
  refundRuleTexts,
  type RefundQuote,
  type RefundState,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { findLot } from '../credits/credits.repository.js';
import { countSpendsSince } from './admin-subscriptions.repository.js';
import type { OrderRow } from './orders.repository.js';
import type { RefundRequestRow } from './refund-requests.repository.js';

// The one refund rule's figures of a stored order (docs/decisions/0263): the rule itself is in
// contracts (refund-rule.ts), shared with the admin's dialogs; this reads its inputs from the
// order and its credit lot. Every refund path calls it: the request and its approval
// (refund-requests.service.ts), the admin's refund (orders.service.ts) and the provider's
// order_refunded (order-events.service.ts).

type LotFigures = { remaining: number | string; expires_at: string | null };

/** Unused credits of a lot: its remainder, none once it expired. */
export function unspentOf(lot: LotFigures | undefined, now: Date): number {
  if (!lot) return 0;
  if (lot.expires_at !== null && lot.expires_at <= now.toISOString()) return 0;
  return Math.max(0, Number(lot.remaining));
}

export function refundStateOf(
  order: OrderRow,
  lot: LotFigures | undefined,
  now: Date,
): RefundState {
  return {
    totalCents: Number(order.amount_cents),
    credits: Number(order.credits),
    refundedCents: Number(order.refunded_cents ?? 0),
    refundedCredits: Number(order.refunded_credits),
    unspentCredits: unspentOf(lot, now),
  };
}

/**
 * The most the admin may refund of an order now: the unused credits' share, or the whole rest
 * of the price for a goodwill refund or an order that never granted credits (held, refunded
 * before its order: nothing of it was used).
 */
export function mostRefundableCents(
  order: OrderRow,
  state: RefundState,
  goodwill: boolean,
): number {
  return goodwill || !order.lot_id ? leftToRefundCents(state) : refundableCents(state);
}

/** The rule's figures of an order as stored now (its lot read in the caller's transaction). */
export async function loadRefundState(db: Db, order: OrderRow, now: Date): Promise<RefundState> {
  const lot = order.lot_id ? await findLot(db, order.lot_id) : undefined;
  return refundStateOf(order, lot, now);
}

/**
 * What approving a refund request would refund now: the unused credits' share at this moment,
 * how it was computed, and the images the buyer processed since asking (the admin's
 * confirmation shows it; the approval refunds exactly this).
 */
export async function quoteRefund(
  db: Db,
  request: RefundRequestRow,
  order: OrderRow,
  now: Date,
): Promise<RefundQuote> {
  const state = await loadRefundState(db, order, now);
  return {
    requestId: request.id,
    amountCents: refundableCents(state),
    currency: order.currency,
    unspentCredits: state.unspentCredits,
    computation: refundRuleTexts.computation(state, order.currency),
    imagesSinceRequest: order.user_id
      ? await countSpendsSince(db, order.user_id, request.created_at)
      : 0,
  };
}
