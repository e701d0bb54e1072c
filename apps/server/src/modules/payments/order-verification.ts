import type { CheckoutRow } from './checkouts.repository.js';
import type { PlanRow } from './plans.repository.js';
import type { OrderEvent } from './providers/provider.js';
import type { StoreFacts } from './order-events.service.js';

// What an order must look like to be credited (docs/decisions/0120): the variant, quantity,
// currency and amount its checkout stored when it was created, so a later price edit does not
// break it. Anything else is held for the admin with the reasons written down.

export interface Expected {
  variantId: string | null;
  cents: number;
  currency: string;
  credits: number;
  validityDays: number | null;
  discountsAllowed: boolean;
  /** Where the expectation comes from, for the review reason. */
  source: 'checkout' | 'plan';
}

/** The checkout's stored expectation, else (a hosted buy link) the plan's price today. */
export function expectedOf(
  provider: string,
  checkout: CheckoutRow | undefined,
  plan: PlanRow | undefined,
): Expected | null {
  if (!plan || plan.billing_type !== 'one-time') return null;
  const validityDays = plan.validity_days === null ? null : Number(plan.validity_days);
  const planVariant = provider === 'sandbox' ? plan.id : plan.lemonsqueezy_variant_id;
  if (checkout) {
    return {
      variantId: checkout.variant_id ?? planVariant,
      cents: Number(checkout.amount_cents),
      currency: checkout.currency.toUpperCase(),
      credits: Number(checkout.credits),
      validityDays,
      discountsAllowed: Boolean(Number(checkout.discounts_allowed)),
      source: 'checkout',
    };
  }
  if (Number(plan.credits) <= 0) return null;
  return {
    variantId: planVariant,
    cents: Number(plan.price_cents),
    currency: plan.currency.toUpperCase(),
    credits: Number(plan.credits),
    validityDays,
    discountsAllowed: false,
    source: 'plan',
  };
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** The reasons an order cannot be credited as it is; empty when it matches. */
export function verifyOrder(
  event: OrderEvent,
  expected: Expected | null,
  store: StoreFacts,
): string[] {
  const problems: string[] = [];
  if (event.testMode && !store.testMode) {
    problems.push('a test-mode order while the store is live');
  }
  if (!expected) {
    problems.push(`variant ${event.variantId ?? '(none)'} is not a pack on sale`);
    return problems;
  }
  if (expected.variantId !== null && event.variantId !== expected.variantId) {
    problems.push(
      `variant ${event.variantId ?? '(none)'} instead of ${expected.variantId} (the ${expected.source}'s)`,
    );
  }
  if (event.quantity !== 1) problems.push(`quantity ${event.quantity} instead of 1`);
  if (event.currency !== expected.currency) {
    problems.push(`currency ${event.currency} instead of ${expected.currency}`);
    return problems;
  }
  if (event.subtotalCents !== null && event.subtotalCents !== expected.cents) {
    problems.push(
      `price ${money(event.subtotalCents, event.currency)} instead of ${money(expected.cents, expected.currency)}`,
    );
  }
  const discount = event.discountCents;
  if (discount < 0 || discount > expected.cents) {
    problems.push(`a discount of ${money(discount, event.currency)} is impossible`);
  } else if (discount > 0 && !expected.discountsAllowed) {
    problems.push(`a discount of ${money(discount, event.currency)} while discount codes are off`);
  }
  // The total includes any tax the provider added; without the tax it is the price less the
  // discount.
  const net = event.totalCents - Math.max(0, event.taxCents);
  if (event.totalCents < 0 || net !== expected.cents - Math.max(0, discount)) {
    problems.push(
      `total ${money(event.totalCents, event.currency)} (tax ${money(event.taxCents, event.currency)}) instead of ${money(expected.cents - Math.max(0, discount), expected.currency)} plus tax`,
    );
  }
  return problems;
}
