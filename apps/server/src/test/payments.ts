import type { FastifyInstance } from 'fastify';
import { signBody } from '../modules/payments/providers/provider.js';

// Builds Lemon Squeezy-shaped webhook bodies and delivers them signed, for the payments tests.

export const TEST_SANDBOX_SECRET = 'sandbox-test-secret-0123456789';

export function orderEventBody(
  eventName: 'order_created' | 'order_refunded',
  options: {
    orderId: string;
    userId: string;
    variantId: string;
    status?: string;
    total?: number;
    checkoutId?: string;
    email?: string;
  },
) {
  return {
    meta: {
      event_name: eventName,
      test_mode: true,
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
        order_number: 1,
        user_email: options.email ?? 'buyer@example.com',
        user_name: 'Buyer',
        currency: 'USD',
        total: options.total ?? 2062,
        status: options.status ?? (eventName === 'order_refunded' ? 'refunded' : 'paid'),
        first_order_item: { variant_id: options.variantId },
      },
    },
  };
}

export function deliver(
  app: FastifyInstance,
  body: unknown,
  options: { provider?: string; secret?: string; signature?: string | null; raw?: string } = {},
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
  });
}
