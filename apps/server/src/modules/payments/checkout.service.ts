import { randomUUID } from 'node:crypto';
import {
  checkoutTexts,
  paths,
  paymentTexts,
  type CheckoutStatus,
  type SessionUser,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { findBalance } from '../credits/credits.repository.js';
import type { ProviderLookup } from './active-provider.js';
import { findCheckout, insertCheckout, setCheckoutUrl } from './checkouts.repository.js';
import { findOrderByCheckout } from './orders.repository.js';
import { toOrder } from './order-view.js';
import { findPlanRow } from './plans.repository.js';

// Checkouts (docs/decisions/0070): a hosted checkout through the provider selling now, and the
// state of one as /payment-success shows it.

export interface CheckoutServiceOptions {
  db: Db;
  provider: ProviderLookup;
  /** The public URL now (Admin → Integrations or PUBLIC_URL): checkout return addresses. */
  publicUrl: () => Promise<string>;
  log: FastifyBaseLogger;
  clock: () => Date;
}

export class CheckoutService {
  constructor(private readonly options: CheckoutServiceOptions) {}

  async create(user: SessionUser, planId: string): Promise<{ id: string; url: string }> {
    const { db } = this.options;
    const active = await this.options.provider();
    const provider = active.adapter;
    const plan = await findPlanRow(db, planId);
    if (!plan) throw notFound(paymentTexts.unknownPlan);
    if (plan.billing_type === 'free')
      throw new AppError(400, 'validation_failed', paymentTexts.freePlan);
    if (plan.billing_type === 'enterprise') {
      throw new AppError(400, 'validation_failed', paymentTexts.enterprisePlan);
    }
    if (!Number(plan.active)) throw conflict(paymentTexts.inactivePlan);
    if (Number(plan.credits) <= 0 || plan.price_cents <= 0) {
      throw new AppError(400, 'validation_failed', paymentTexts.notForSale);
    }
    const variantId = provider?.variantFor(plan) ?? null;
    if (!provider || !variantId) {
      // The operator's reason goes to the log (and the admin overview's 'Set up payments'); the
      // buyer is told only that buying is not possible now (issue 26).
      const reason = provider
        ? 'the plan has no variant id for the provider'
        : active.name === 'none'
          ? 'no payment provider is chosen'
          : "the provider's keys are missing";
      this.options.log.warn(
        { plan: plan.id, provider: active.name },
        `${checkoutTexts.notConfigured}: ${reason}`,
      );
      throw new AppError(503, 'service_unavailable', checkoutTexts.unavailableTitle);
    }
    const id = randomUUID();
    const now = this.options.clock();
    // One price for the checkout row, the return address and the provider (decision 0264): the
    // order is later checked against the row, and the provider charges exactly this.
    const priceCents = Number(plan.price_cents);
    await insertCheckout(db, {
      id,
      user_id: user.id,
      plan_id: plan.id,
      provider: provider.name,
      provider_checkout_id: null,
      url: null,
      amount_cents: priceCents,
      currency: plan.currency,
      credits: Number(plan.credits),
      created_at: now.toISOString(),
      variant_id: variantId,
      discounts_allowed: provider.discountsAllowed ? 1 : 0,
    });
    // Spec §2: the return target carries plan, amount and credits; the page reads the order
    // from the server by the checkout id and shows only that.
    const query = new URLSearchParams({
      checkout: id,
      plan: plan.id,
      amount: (priceCents / 100).toFixed(2),
      credits: String(plan.credits),
    });
    let created: { url: string; providerCheckoutId: string };
    try {
      created = await provider.createCheckout({
        checkoutId: id,
        plan: {
          id: plan.id,
          name: plan.name,
          priceCents,
          currency: plan.currency,
          credits: Number(plan.credits),
          variantId,
        },
        buyer: { userId: user.id, email: user.email, name: user.name ?? user.email },
        redirectUrl: `${await this.options.publicUrl()}${paths.paymentSuccess}?${query.toString()}`,
        discountsAllowed: provider.discountsAllowed,
      });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw error;
      this.options.log.error({ err: error, plan: plan.id }, 'checkout could not be created');
      throw new AppError(502, 'service_unavailable', checkoutTexts.createFailedTitle);
    }
    await setCheckoutUrl(db, id, created.url, created.providerCheckoutId || null);
    return { id, url: created.url };
  }

  /** /payment-success: the checkout's order as the server knows it. */
  async status(user: SessionUser, checkoutId: string): Promise<CheckoutStatus> {
    const { db } = this.options;
    const checkout = await findCheckout(db, checkoutId);
    if (!checkout || checkout.user_id !== user.id) throw notFound('This checkout does not exist.');
    const plan = await findPlanRow(db, checkout.plan_id);
    const order = await findOrderByCheckout(db, checkout.id);
    const mine = order && order.user_id === user.id ? order : undefined;
    return {
      id: checkout.id,
      state: mine ? mine.status : 'waiting',
      planId: checkout.plan_id,
      planName: mine?.plan_name ?? plan?.name ?? checkout.plan_id,
      amountCents: mine ? Number(mine.amount_cents) : Number(checkout.amount_cents),
      currency: mine?.currency ?? checkout.currency,
      credits: mine ? Number(mine.credits) : Number(checkout.credits),
      order: mine ? toOrder(mine) : null,
      balance: (await findBalance(db, user.id)) ?? 0,
      testMode: checkout.provider === 'sandbox' || Boolean(mine && Number(mine.test_mode)),
    };
  }
}
