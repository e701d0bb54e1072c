import { randomBytes, randomUUID } from 'node:crypto';
import {
  creditsRemovedBy,
  exceedsUnspentShare,
  refundableCents,
  refundRuleTexts,
  unspentShareCents,
  type WebhookOutcome,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { findBalance } from '../credits/credits.repository.js';
import { addCreditsIn, oneYearAfter, removeLotRemainderIn } from '../credits/credits.service.js';
import { findCheckout } from './checkouts.repository.js';
import { issueCreditNoteIn, issueInvoiceIn } from './invoices.service.js';
import type { InvoiceRow } from './invoices.repository.js';
import {
  findOrderByProviderId,
  insertOrderIfNew,
  lockOrderByProviderId,
  updateOrder,
  type OrderRow,
} from './orders.repository.js';
import { orderReference } from './order-view.js';
import { expectedOf, verifyOrder, type Expected } from './order-verification.js';
import { findPlanByVariant, findPlanRow, type PlanRow } from './plans.repository.js';
import type { OrderEvent } from './providers/provider.js';
import {
  decideRefundRequest,
  findOpenRequestOf,
  type RefundRequestRow,
} from './refund-requests.repository.js';
import { loadRefundState } from './refund-rule.js';

// A verified order event applied to the books, exactly once per provider order id, inside the
// ledger transaction (docs/decisions/0073): order_created credits the pack its checkout sold
// when the order matches it (0120), else holds the order for review; order_refunded records the
// provider's refund and removes unspent credits under the one refund rule (0121, 0263). The invoice and each credit
// note are issued in the same transaction (0126).

export type { WebhookOutcome };

export interface Applied {
  outcome: WebhookOutcome;
  detail: string;
  /** The order as it stands after this event, when it changed. */
  order?: OrderRow;
  /** Documents issued by this event (mailed to the buyer once committed). */
  issued?: InvoiceRow[];
  /** A refund beyond the unused credits' share (used credits refunded): the admins are told. */
  beyondUnusedShare?: { refunded: string; unusedShare: string };
  /** The order's open refund request, closed because nothing is left to refund (buyer mailed). */
  closedRequest?: RefundRequestRow;
}

/** What the event is checked against: the provider's own facts of the store. */
export interface StoreFacts {
  /** The store is in test mode (the sandbox always is). */
  testMode: boolean;
}

export function receiptNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `CUT-${date}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export function lotExpiry(validityDays: number | null, now: Date): Date | null {
  if (validityDays === null) return null;
  if (validityDays % 365 === 0) {
    let at = now;
    for (let i = 0; i < validityDays / 365; i++) at = oneYearAfter(at);
    return at;
  }
  return new Date(now.getTime() + validityDays * 86_400_000);
}

async function resolvePlan(db: Db, provider: string, variantId: string | null) {
  if (!variantId) return undefined;
  return provider === 'sandbox' ? findPlanRow(db, variantId) : findPlanByVariant(db, variantId);
}

async function resolveUser(db: Db, event: OrderEvent): Promise<string | undefined> {
  if (!event.custom.userId) return undefined;
  return (await findBalance(db, event.custom.userId)) === undefined
    ? undefined
    : event.custom.userId;
}

export async function applyOrderEvent(
  db: Db,
  provider: string,
  event: OrderEvent,
  store: StoreFacts,
  now: Date,
): Promise<Applied> {
  try {
    if (event.eventName === 'order_created')
      return await applyOrderCreated(db, provider, event, store, now);
    if (event.eventName === 'order_refunded')
      return await applyOrderRefunded(db, provider, event, now);
  } catch (error) {
    // The ledger's unique (user, kind, reference) caught a race the order's lock did not.
    if (isUniqueViolation(error)) return { outcome: 'duplicate', detail: 'Already applied.' };
    throw error;
  }
  return { outcome: 'ignored', detail: `${event.eventName} is not handled.` };
}

/** Adds the order's pack as a lot and issues its invoice, in the caller's transaction. */
export async function creditOrderIn(
  trx: Db,
  order: OrderRow,
  pack: { credits: number; validityDays: number | null; reason: string },
  now: Date,
): Promise<{ order: OrderRow; invoice: InvoiceRow; balance: number }> {
  const grant = await addCreditsIn(trx, order.user_id!, {
    kind: 'purchase',
    amount: pack.credits,
    reason: pack.reason,
    reference: orderReference(order.provider, order.provider_order_id),
    now,
    expiresAt: lotExpiry(pack.validityDays, now),
    orderId: order.id,
  });
  if (!grant) throw new Error('The buyer disappeared while the order was applied.');
  const credited = await updateOrder(trx, order.id, {
    status: 'paid',
    credits: pack.credits,
    lot_id: grant.lotId,
    lot_expires_at: grant.expiresAt,
    paid_at: order.paid_at ?? now.toISOString(),
  });
  return {
    order: credited,
    invoice: await issueInvoiceIn(trx, credited, now),
    balance: grant.balance,
  };
}

async function applyOrderCreated(
  db: Db,
  provider: string,
  event: OrderEvent,
  store: StoreFacts,
  now: Date,
): Promise<Applied> {
  if (event.status !== 'paid') {
    return {
      outcome: 'ignored',
      detail: `Order status is ${event.status || 'missing'}, not paid.`,
    };
  }
  const userId = await resolveUser(db, event);
  const checkout = event.custom.checkoutId
    ? await findCheckout(db, event.custom.checkoutId)
    : undefined;
  const ownCheckout =
    checkout && checkout.user_id === userId && checkout.provider === provider
      ? checkout
      : undefined;
  // The plan is the one the checkout sold; without a checkout (a hosted buy link), the plan the
  // paid variant maps to, at today's price.
  const plan: PlanRow | undefined = ownCheckout
    ? await findPlanRow(db, ownCheckout.plan_id)
    : await resolvePlan(db, provider, event.variantId);
  const expected: Expected | null = expectedOf(provider, ownCheckout, plan);
  const problems = verifyOrder(event, expected, store);
  if (!userId) problems.unshift(`unknown buyer ${event.custom.userId ?? '(none)'}`);

  return db.transaction().execute(async (trx): Promise<Applied> => {
    const inserted = await insertOrderIfNew(trx, {
      id: randomUUID(),
      provider,
      provider_order_id: event.providerOrderId,
      receipt_number: receiptNumber(now),
      user_id: userId ?? null,
      plan_id: plan?.id ?? null,
      plan_name: plan?.name ?? null,
      checkout_id: ownCheckout?.id ?? null,
      status: 'needs_review',
      amount_cents: event.totalCents,
      currency: event.currency,
      credits: expected?.credits ?? 0,
      refunded_credits: 0,
      test_mode: provider === 'sandbox' || event.testMode ? 1 : 0,
      buyer_email: event.email,
      buyer_name: event.name,
      created_at: now.toISOString(),
      expected_cents: expected?.cents ?? null,
      discount_cents: Math.max(0, event.discountCents),
      tax_cents: Math.max(0, event.taxCents),
      variant_id: event.variantId,
      quantity: event.quantity,
      payment_method: event.paymentMethod,
      review_reason: problems.length ? problems.join('; ') : null,
    });
    if (!inserted) {
      const existing = await findOrderByProviderId(trx, provider, event.providerOrderId);
      return {
        outcome: 'duplicate',
        detail:
          existing?.status === 'refunded'
            ? 'The order was already refunded; nothing was credited.'
            : `Order already recorded (${existing?.receipt_number ?? 'known'}, ${existing?.status ?? '?'}).`,
      };
    }
    if (problems.length > 0 || !expected || !userId) {
      return {
        outcome: 'held',
        detail: `Held for review, nothing credited: ${inserted.review_reason ?? 'no plan'}.`,
        order: inserted,
      };
    }
    const { order, invoice, balance } = await creditOrderIn(
      trx,
      inserted,
      {
        credits: expected.credits,
        validityDays: expected.validityDays,
        reason: `${inserted.plan_name ?? 'Credit pack'} bought (receipt ${inserted.receipt_number})`,
      },
      now,
    );
    return {
      outcome: 'credited',
      detail: `${expected.credits} credits added; balance ${balance}.`,
      order,
      issued: [invoice],
    };
  });
}

async function applyOrderRefunded(
  db: Db,
  provider: string,
  event: OrderEvent,
  now: Date,
): Promise<Applied> {
  const total = event.totalCents;
  // Lemon Squeezy's refunded_amount is what was refunded so far; a refund without it is full.
  const full = event.refunded || (total > 0 && event.refundedCents >= total);
  const refundedCents = full ? Math.max(total, event.refundedCents) : event.refundedCents;
  if (!full && refundedCents <= 0) {
    return { outcome: 'ignored', detail: 'order_refunded without a refunded amount.' };
  }
  const plan = await resolvePlan(db, provider, event.variantId);
  const userId = await resolveUser(db, event);
  return db.transaction().execute(async (trx): Promise<Applied> => {
    // A refund that arrives before its order: the order is recorded (refunded, or held when
    // only part was refunded), so the order_created that follows finds it and credits nothing.
    const inserted = await insertOrderIfNew(trx, {
      id: randomUUID(),
      provider,
      provider_order_id: event.providerOrderId,
      receipt_number: receiptNumber(now),
      user_id: userId ?? null,
      plan_id: plan?.id ?? null,
      plan_name: plan?.name ?? null,
      checkout_id: null,
      status: full ? 'refunded' : 'needs_review',
      amount_cents: total,
      currency: event.currency,
      credits: 0,
      refunded_credits: 0,
      refunded_cents: refundedCents,
      test_mode: provider === 'sandbox' || event.testMode ? 1 : 0,
      buyer_email: event.email,
      buyer_name: event.name,
      refunded_at: now.toISOString(),
      created_at: now.toISOString(),
      variant_id: event.variantId,
      review_reason: full ? null : 'a partial refund arrived before its order',
    });
    if (inserted) {
      return {
        outcome: 'refund_before_order',
        detail: 'Refund received before its order; the order will credit nothing.',
        order: inserted,
      };
    }
    const order = (await lockOrderByProviderId(trx, provider, event.providerOrderId))!;
    const before = Number(order.refunded_cents);
    const wasFull = order.status === 'refunded';
    if (wasFull || refundedCents < before || (refundedCents === before && !full)) {
      return { outcome: 'duplicate', detail: 'Refund already applied.' };
    }
    const orderTotal = Number(order.amount_cents);
    // A provider cannot refund more than the buyer paid: such a figure is held for the admin,
    // nothing applied (the most it can be is the order's total), so no figure goes below what
    // was kept (decision 0263).
    if (refundedCents > orderTotal) {
      const reason = refundRuleTexts.heldAboveTotal(
        money(refundedCents, order.currency),
        money(orderTotal, order.currency),
      );
      if (order.status === 'needs_review' && order.review_reason === reason) {
        return { outcome: 'duplicate', detail: 'Refund already held for review.' };
      }
      const held = await updateOrder(trx, order.id, {
        status: 'needs_review',
        review_reason: reason,
      });
      return {
        outcome: 'held',
        detail: `Held for review, nothing applied: ${reason}`,
        order: held,
      };
    }
    // The one refund rule (decision 0263): a refund the provider made is recorded as made; it
    // removes ceil(credits × refunded ÷ total) in all, never more than are unused.
    const state = order.lot_id ? await loadRefundState(trx, order, now) : undefined;
    const due = state ? creditsRemovedBy(state, full ? orderTotal : refundedCents) : 0;
    let removed = 0;
    if (order.user_id && order.lot_id && due > 0) {
      const result = await removeLotRemainderIn(trx, order.user_id, order.lot_id, {
        reason: `Refund of ${order.plan_name ?? 'order'} (receipt ${order.receipt_number}): ${full ? 'unspent credits removed' : `${formatShare(refundedCents, total)} refunded, unspent credits removed in proportion`}`,
        reference: `${orderReference(provider, event.providerOrderId)}#refund:${refundedCents}`,
        now,
        max: due,
      });
      removed = result?.removed ?? 0;
    }
    // Only an order never credited stays held through a partial refund (it arrived first).
    const status: OrderRow['status'] =
      order.status === 'needs_review' && !order.lot_id && !full
        ? 'needs_review'
        : full
          ? 'refunded'
          : 'partially_refunded';
    const after = await updateOrder(trx, order.id, {
      status,
      refunded_cents: refundedCents,
      refunded_credits: Number(order.refunded_credits) + removed,
      refunded_at: now.toISOString(),
    });
    const note = await issueCreditNoteIn(trx, after, refundedCents - before, refundedCents, now);
    const closedRequest = await closeSpentRequestIn(trx, after, now);
    const beyond =
      state && exceedsUnspentShare(state, refundedCents)
        ? {
            refunded: money(refundedCents, order.currency),
            unusedShare: money(unspentShareCents(state), order.currency),
          }
        : undefined;
    return {
      outcome: full ? 'refunded' : 'partially_refunded',
      detail: `${(refundedCents - before) / 100} ${order.currency} refunded; ${removed} unspent credits removed of ${order.credits}.${beyond ? ` The refunds (${beyond.refunded}) exceed the unused credits' share (${beyond.unusedShare}).` : ''}`,
      order: after,
      ...(beyond ? { beyondUnusedShare: beyond } : {}),
      ...(closedRequest ? { closedRequest } : {}),
      ...(note ? { issued: [note] } : {}),
    };
  });
}

/**
 * A refund re-prices the order's open request (its approval refunds what is left of the unused
 * share, decision 0263); when nothing is left, the request closes now, saying why.
 */
async function closeSpentRequestIn(
  trx: Db,
  order: OrderRow,
  now: Date,
): Promise<RefundRequestRow | undefined> {
  const open = await findOpenRequestOf(trx, order.id);
  if (!open) return undefined;
  if (order.lot_id && refundableCents(await loadRefundState(trx, order, now)) > 0) return undefined;
  return decideRefundRequest(trx, open.id, 'requested', {
    status: 'declined',
    decline_reason: refundRuleTexts.refundedMeanwhile,
    decided_by: null,
    decided_at: now.toISOString(),
  });
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

const formatShare = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}%` : 'part';
