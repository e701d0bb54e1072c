import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { findBalance } from '../credits/credits.repository.js';
import { addCreditsIn, oneYearAfter, removeLotRemainderIn } from '../credits/credits.service.js';
import { findCheckout } from './checkouts.repository.js';
import {
  findOrderByProviderId,
  insertOrderIfNew,
  markOrderRefunded,
  updateOrder,
  type OrderRow,
} from './orders.repository.js';
import { orderReference } from './order-view.js';
import { findPlanByVariant, findPlanRow, type PlanRow } from './plans.repository.js';
import type { OrderEvent } from './providers/provider.js';

// A verified order event applied to the books, exactly once per provider order id, inside the
// ledger transaction (docs/decisions/0073): order_created credits the plan's pack as a lot that
// expires; order_refunded removes what is unspent of it.

export type WebhookOutcome =
  | 'credited'
  | 'duplicate'
  | 'refunded'
  | 'refund_before_order'
  | 'ignored'
  | 'invalid_signature'
  | 'malformed'
  | 'failed';

export interface Applied {
  outcome: WebhookOutcome;
  detail: string;
  /** The order just credited (its receipt is mailed). */
  credited?: OrderRow;
}

function receiptNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `CUT-${date}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

function lotExpiry(plan: PlanRow, now: Date): Date | null {
  const days = plan.validity_days === null ? null : Number(plan.validity_days);
  if (days === null) return null;
  if (days % 365 === 0) {
    let at = now;
    for (let i = 0; i < days / 365; i++) at = oneYearAfter(at);
    return at;
  }
  return new Date(now.getTime() + days * 86_400_000);
}

async function resolvePlan(db: Db, provider: string, event: OrderEvent) {
  if (!event.variantId) return undefined;
  return provider === 'sandbox'
    ? findPlanRow(db, event.variantId)
    : findPlanByVariant(db, event.variantId);
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
  now: Date,
): Promise<Applied> {
  if (event.eventName === 'order_created') return applyOrderCreated(db, provider, event, now);
  if (event.eventName === 'order_refunded') return applyOrderRefunded(db, provider, event, now);
  return { outcome: 'ignored', detail: `${event.eventName} is not handled.` };
}

async function applyOrderCreated(
  db: Db,
  provider: string,
  event: OrderEvent,
  now: Date,
): Promise<Applied> {
  if (event.status !== 'paid') {
    return {
      outcome: 'ignored',
      detail: `Order status is ${event.status || 'missing'}, not paid.`,
    };
  }
  const plan = await resolvePlan(db, provider, event);
  if (!plan || plan.billing_type !== 'one-time' || Number(plan.credits) <= 0) {
    return {
      outcome: 'ignored',
      detail: `Unknown plan or variant ${event.variantId ?? '(none)'}: nobody was credited.`,
    };
  }
  const userId = await resolveUser(db, event);
  if (!userId) {
    return {
      outcome: 'ignored',
      detail: `Unknown user ${event.custom.userId ?? '(none)'}: nobody was credited.`,
    };
  }
  const checkout = event.custom.checkoutId
    ? await findCheckout(db, event.custom.checkoutId)
    : undefined;
  const orderId = randomUUID();
  try {
    return await db.transaction().execute(async (trx): Promise<Applied> => {
      const inserted = await insertOrderIfNew(trx, {
        id: orderId,
        provider,
        provider_order_id: event.providerOrderId,
        receipt_number: receiptNumber(now),
        user_id: userId,
        plan_id: plan.id,
        plan_name: plan.name,
        checkout_id: checkout && checkout.user_id === userId ? checkout.id : null,
        status: 'paid',
        amount_cents: event.totalCents,
        currency: event.currency,
        credits: Number(plan.credits),
        refunded_credits: 0,
        test_mode: provider === 'sandbox' || event.testMode ? 1 : 0,
        buyer_email: event.email,
        buyer_name: event.name,
        paid_at: now.toISOString(),
        created_at: now.toISOString(),
      });
      if (!inserted) {
        const existing = await findOrderByProviderId(trx, provider, event.providerOrderId);
        return {
          outcome: 'duplicate',
          detail:
            existing?.status === 'refunded'
              ? 'The order was already refunded; nothing was credited.'
              : `Order already credited (${existing?.receipt_number ?? 'known'}).`,
        };
      }
      const grant = await addCreditsIn(trx, userId, {
        kind: 'purchase',
        amount: Number(plan.credits),
        reason: `${plan.name} bought (receipt ${inserted.receipt_number})`,
        reference: orderReference(provider, event.providerOrderId),
        now,
        expiresAt: lotExpiry(plan, now),
        orderId,
      });
      if (!grant) throw new Error('The buyer disappeared while the order was applied.');
      await updateOrder(trx, orderId, { lot_id: grant.lotId, lot_expires_at: grant.expiresAt });
      return {
        outcome: 'credited',
        detail: `${plan.credits} credits added; balance ${grant.balance}.`,
        credited: { ...inserted, lot_id: grant.lotId, lot_expires_at: grant.expiresAt },
      };
    });
  } catch (error) {
    // The ledger's unique (user, kind, reference) caught a race the order index did not.
    if (isUniqueViolation(error))
      return { outcome: 'duplicate', detail: 'Order already credited.' };
    throw error;
  }
}

async function applyOrderRefunded(
  db: Db,
  provider: string,
  event: OrderEvent,
  now: Date,
): Promise<Applied> {
  const plan = await resolvePlan(db, provider, event);
  const userId = await resolveUser(db, event);
  try {
    return await db.transaction().execute(async (trx): Promise<Applied> => {
      // A refund that arrives before its order: the order is recorded as refunded, so the
      // order_created that follows finds it and credits nothing.
      const inserted = await insertOrderIfNew(trx, {
        id: randomUUID(),
        provider,
        provider_order_id: event.providerOrderId,
        receipt_number: receiptNumber(now),
        user_id: userId ?? null,
        plan_id: plan?.id ?? null,
        plan_name: plan?.name ?? null,
        checkout_id: null,
        status: 'refunded',
        amount_cents: event.totalCents,
        currency: event.currency,
        credits: 0,
        refunded_credits: 0,
        test_mode: provider === 'sandbox' || event.testMode ? 1 : 0,
        buyer_email: event.email,
        buyer_name: event.name,
        refunded_at: now.toISOString(),
        created_at: now.toISOString(),
      });
      if (inserted) {
        return {
          outcome: 'refund_before_order',
          detail: 'Refund received before its order; the order will credit nothing.',
        };
      }
      const order = await markOrderRefunded(
        trx,
        provider,
        event.providerOrderId,
        now.toISOString(),
      );
      if (!order) return { outcome: 'duplicate', detail: 'Refund already applied.' };
      let removed = 0;
      if (order.user_id && order.lot_id) {
        const result = await removeLotRemainderIn(trx, order.user_id, order.lot_id, {
          reason: `Refund of ${order.plan_name ?? 'order'} (receipt ${order.receipt_number}): unspent credits removed`,
          reference: orderReference(provider, event.providerOrderId),
          now,
        });
        removed = result?.removed ?? 0;
      }
      await updateOrder(trx, order.id, { refunded_credits: removed });
      return {
        outcome: 'refunded',
        detail: `${removed} unspent credits removed of ${order.credits}.`,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { outcome: 'duplicate', detail: 'Refund already applied.' };
    throw error;
  }
}
