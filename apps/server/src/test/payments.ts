import type { FastifyInstance } from 'fastify';
import { signBody } from '../modules/payments/providers/provider.js';
import { randomIp } from './accounts.js';

// Builds Lemon Squeezy-shaped webhook bodies and delivers them signed, for the payments tests.
// The shape follows Lemon Squeezy's `orders` object: totals in cents, `refunded_amount` for
// what was refunded so far, `first_order_item` with the variant and quantity, `meta.test_mode`.

export const TEST_SANDBOX_SECRET = 'sandbox-test-secret-0123456789';

/** The seeded packs' prices (migration 0006), so an order matches its plan unless told not to. */
export const seededPrices: Record<string, number> = {
  'credits-10': 515,
  'credits-100': 2062,
  'credits-1000': 3093,
};

export interface OrderEventOptions {
  orderId: string;
  userId: string;
  variantId: string;
  status?: string;
  /** What the buyer paid, tax included (cents). */
  total?: number;
  /** The price before discount and tax; defaults to total − tax + discount. */
  subtotal?: number;
  discount?: number;
  tax?: number;
  currency?: string;
  quantity?: number;
  /** What was refunded so far (order_refunded). */
  refundedAmount?: number;
  /** The order is refunded in full. */
  refunded?: boolean;
  testMode?: boolean;
  checkoutId?: string;
  email?: string;
  name?: string;
}

export function orderEventBody(
  eventName: 'order_created' | 'order_refunded',
  options: OrderEventOptions,
) {
  const total = options.total ?? seededPrices[options.variantId] ?? 2062;
  const tax = options.tax ?? 0;
  const discount = options.discount ?? 0;
  const refunded =
    options.refunded ?? (eventName === 'order_refunded' && options.refundedAmount === undefined);
  return {
    meta: {
      event_name: eventName,
      test_mode: options.testMode ?? true,
      custom_data: {
        user_id: options.userId,
        plan_id: options.variantId,
        ...(options.checkoutId ? { checkout_id: options.checkoutId } : {}),
      },
    },
    data: {
      type: 'orders',
      id: options.orderId,
      attributes: {
        store_id: 4242,
        order_number: 1,
        user_email: options.email ?? 'buyer@example.com',
        user_name: options.name ?? 'Buyer',
        currency: options.currency ?? 'USD',
        subtotal: options.subtotal ?? total - tax + discount,
        discount_total: discount,
        tax,
        total,
        refunded_amount: options.refundedAmount ?? (refunded ? total : 0),
        status: options.status ?? (refunded ? 'refunded' : 'paid'),
        refunded,
        test_mode: options.testMode ?? true,
        first_order_item: { variant_id: options.variantId, quantity: options.quantity ?? 1 },
      },
    },
  };
}

export function deliver(
  app: FastifyInstance,
  body: unknown,
  options: {
    provider?: string;
    secret?: string;
    signature?: string | null;
    raw?: string | Buffer;
    remoteAddress?: string;
  } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ?? signBody(raw, options.secret ?? TEST_SANDBOX_SECRET));
  return app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${options.provider ?? 'sandbox'}`,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-signature': signature } : {}),
    },
    payload: raw,
    // A fresh address each time unless told: the route's per-address limit is not under test.
    remoteAddress: options.remoteAddress ?? randomIp(),
  });
}
