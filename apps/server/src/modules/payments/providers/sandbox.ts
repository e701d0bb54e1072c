import { randomUUID } from 'node:crypto';
import { paymentTexts, paths } from '@cutout/contracts';
import { paymentsServerPaths } from '../payments.paths.js';
import type { Db } from '../../../db/database.js';
import { AppError, notFound } from '../../../errors.js';
import {
  closeSandboxCheckout,
  countSandboxDecline,
  findSandboxCheckout,
  insertSandboxCheckout,
  type SandboxCheckoutRow,
} from '../sandbox-checkouts.repository.js';
import {
  findSandboxOrder,
  insertSandboxOrder,
  nextSandboxOrderNumber,
  refundSandboxOrder,
} from '../sandbox-orders.repository.js';
import type { WebhookDispatcher } from '../webhook-dispatcher.js';
import { verifySignature, type CheckoutRequest, type PaymentProviderAdapter } from './provider.js';

// The built-in sandbox provider (docs/decisions/0072): a checkout page served by Cutout itself,
// test cards, and the same signed webhooks Lemon Squeezy sends, delivered over HTTP to the
// server's own webhook endpoint with Lemon Squeezy's retry schedule. It keeps its own records
// (sandbox_checkouts, sandbox_orders) the way a real provider keeps them on its servers; the
// product learns about a payment only through the webhook.

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

/** What the sandbox stored when the checkout was created (Lemon Squeezy's request, in short). */
export interface SandboxCheckoutRequest {
  variantId: string;
  planName: string;
  priceCents: number;
  currency: string;
  credits: number;
  email: string;
  name: string;
  custom: Record<string, string>;
  redirectUrl: string;
}

export interface SandboxCheckoutView {
  id: string;
  status: SandboxCheckoutRow['status'];
  request: SandboxCheckoutRequest;
}

export type PayResult =
  | { outcome: 'paid'; redirectUrl: string }
  | { outcome: 'declined' | 'invalid'; message: string; field?: 'card' | 'expiry' | 'cvc' };

export interface SandboxOptions {
  db: Db;
  secret: string;
  /** The public URL now (it may change in Admin → Integrations). */
  publicUrl: () => Promise<string>;
  dispatcher: WebhookDispatcher;
  clock?: () => Date;
}

export class SandboxProvider implements PaymentProviderAdapter {
  readonly name = 'sandbox' as const;
  readonly testMode = true;
  readonly discountsAllowed = false;
  private readonly clock: () => Date;

  constructor(private readonly options: SandboxOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  variantFor(plan: { id: string }): string {
    return plan.id;
  }

  async createCheckout(request: CheckoutRequest) {
    const id = randomUUID();
    const stored: SandboxCheckoutRequest = {
      variantId: request.plan.variantId,
      planName: request.plan.name,
      priceCents: request.plan.priceCents,
      currency: request.plan.currency,
      credits: request.plan.credits,
      email: request.buyer.email,
      name: request.buyer.name,
      custom: {
        user_id: request.buyer.userId,
        plan_id: request.plan.id,
        credits: String(request.plan.credits),
        checkout_id: request.checkoutId,
      },
      redirectUrl: request.redirectUrl,
    };
    await insertSandboxCheckout(this.options.db, {
      id,
      request: JSON.stringify(stored),
      status: 'open',
      declines: 0,
      created_at: this.clock().toISOString(),
    });
    return {
      url: `${await this.options.publicUrl()}${paymentsServerPaths.sandboxCheckout(id)}`,
      providerCheckoutId: id,
    };
  }

  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean {
    return verifySignature(rawBody, headers['x-signature'], this.options.secret);
  }

  async checkout(id: string): Promise<SandboxCheckoutView> {
    const row = await findSandboxCheckout(this.options.db, id);
    if (!row) throw notFound('This checkout does not exist.');
    return {
      id: row.id,
      status: row.status,
      request: JSON.parse(row.request) as SandboxCheckoutRequest,
    };
  }

  /** The buyer pays with a test card; success sends `order_created` (through the outbox of deliveries). */
  async pay(id: string, form: { card: string; expiry: string; cvc: string }): Promise<PayResult> {
    const checkout = await this.checkout(id);
    if (checkout.status !== 'open')
      throw new AppError(409, 'conflict', paymentTexts.checkoutClosed);
    const card = form.card.replace(/[\s-]/g, '');
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
    const now = this.clock();
    if (card !== SANDBOX_CARDS.success && card !== SANDBOX_CARDS.declined) {
      return { outcome: 'invalid', message: paymentTexts.unknownCard, field: 'card' };
    }
    const month = Number(expiry?.[1]);
    const year = 2000 + Number(expiry?.[2]);
    // A card is valid through the last day of its expiry month.
    if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) {
      return { outcome: 'invalid', message: paymentTexts.badExpiry, field: 'expiry' };
    }
    if (!/^\d{3}$/.test(form.cvc.trim())) {
      return { outcome: 'invalid', message: paymentTexts.badCvc, field: 'cvc' };
    }
    if (card === SANDBOX_CARDS.declined) {
      await countSandboxDecline(this.options.db, id);
      return { outcome: 'declined', message: paymentTexts.cardDeclined, field: 'card' };
    }
    const { request } = checkout;
    await this.options.db.transaction().execute(async (trx) => {
      if (!(await closeSandboxCheckout(trx, id, 'paid'))) {
        throw new AppError(409, 'conflict', paymentTexts.checkoutClosed);
      }
      const orderNumber = await nextSandboxOrderNumber(trx);
      const orderId = `sbx_${randomUUID()}`;
      const attributes = {
        store_id: 0,
        identifier: randomUUID(),
        order_number: orderNumber,
        user_name: request.name,
        user_email: request.email,
        currency: request.currency,
        subtotal: request.priceCents,
        discount_total: 0,
        tax: 0,
        total: request.priceCents,
        refunded_amount: 0,
        status: 'paid',
        refunded: false,
        refunded_at: null,
        test_mode: true,
        card_brand: 'visa',
        card_last_four: card.slice(-4),
        first_order_item: {
          variant_id: request.variantId,
          variant_name: request.planName,
          product_name: request.planName,
          price: request.priceCents,
          quantity: 1,
        },
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      await insertSandboxOrder(trx, {
        id: orderId,
        order_number: orderNumber,
        checkout_id: id,
        status: 'paid',
        data: JSON.stringify({ attributes, custom: request.custom }),
        created_at: now.toISOString(),
      });
      await this.options.dispatcher.enqueue(
        trx,
        'order_created',
        webhookBody('order_created', orderId, attributes, request.custom),
      );
    });
    this.options.dispatcher.kick();
    return { outcome: 'paid', redirectUrl: request.redirectUrl };
  }

  /** The buyer leaves without paying: back to the pricing page with ?canceled=true. */
  async cancel(id: string): Promise<string> {
    await this.checkout(id);
    await closeSandboxCheckout(this.options.db, id, 'cancelled');
    return `${await this.options.publicUrl()}${paths.pricing}?canceled=true`;
  }

  /**
   * Refunds `amountCents` of an order (the rest when omitted), as Lemon Squeezy does: a partial
   * refund keeps the order paid with `refunded_amount` raised; the last one marks it refunded.
   */
  async refund(providerOrderId: string, amountCents?: number): Promise<void> {
    const now = this.clock().toISOString();
    await this.options.db.transaction().execute(async (trx) => {
      const order = await findSandboxOrder(trx, providerOrderId);
      if (!order) throw notFound('The sandbox has no such order.');
      if (order.status !== 'paid') throw new AppError(409, 'conflict', paymentTexts.notRefundable);
      const stored = JSON.parse(order.data) as {
        attributes: Record<string, unknown>;
        custom: Record<string, string>;
      };
      const total = Number(stored.attributes.total);
      const before = Number(stored.attributes.refunded_amount ?? 0);
      const left = total - before;
      const amount = amountCents ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw new AppError(400, 'validation_failed', paymentTexts.refundAmountInvalid(left));
      }
      const full = before + amount >= total;
      const attributes = {
        ...stored.attributes,
        refunded_amount: before + amount,
        status: full ? 'refunded' : 'paid',
        refunded: full,
        refunded_at: now,
        updated_at: now,
      };
      const applied = await refundSandboxOrder(trx, providerOrderId, order.data, {
        status: full ? 'refunded' : 'paid',
        data: JSON.stringify({ ...stored, attributes }),
        refundedAt: now,
      });
      if (!applied) throw new AppError(409, 'conflict', paymentTexts.refundRace);
      await this.options.dispatcher.enqueue(
        trx,
        'order_refunded',
        webhookBody('order_refunded', providerOrderId, attributes, stored.custom),
      );
    });
    this.options.dispatcher.kick();
  }
}

/** A webhook body in Lemon Squeezy's shape. */
export function webhookBody(
  eventName: string,
  orderId: string,
  attributes: Record<string, unknown>,
  custom: Record<string, string>,
) {
  return {
    meta: { event_name: eventName, test_mode: true, custom_data: custom },
    data: { type: 'orders', id: orderId, attributes },
  };
}
