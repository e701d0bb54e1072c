import { createHmac, timingSafeEqual } from 'node:crypto';

// One interface for every payment provider (docs/decisions/0070). Both providers speak Lemon
// Squeezy's webhook format: the sandbox imitates it, so the webhook handler is written once.

export interface CheckoutPlan {
  id: string;
  name: string;
  priceCents: number;
  currency: string;
  credits: number;
  /** The provider's variant for this plan (Lemon Squeezy's variant id; the sandbox: the plan id). */
  variantId: string;
}

export interface CheckoutRequest {
  /** Our checkout id: carried in the custom data and in the return address. */
  checkoutId: string;
  plan: CheckoutPlan;
  buyer: { userId: string; email: string; name: string };
  /** Where the buyer goes after paying. */
  redirectUrl: string;
}

export interface PaymentProviderAdapter {
  readonly name: 'sandbox' | 'lemonsqueezy';
  /** Orders through this provider move no real money (the sandbox, or a Lemon Squeezy test key). */
  readonly testMode: boolean;
  /** The provider's variant for a plan, or null when none is configured ('Checkout not configured'). */
  variantFor(plan: { id: string; lemonsqueezy_variant_id: string | null }): string | null;
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerCheckoutId: string }>;
  /** Whether the raw body carries a valid signature for this provider. */
  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** Asks the provider to refund an order; the provider then sends `order_refunded`. */
  refund(providerOrderId: string): Promise<void>;
}

/** Lemon Squeezy's signature: hex HMAC-SHA256 of the raw body with the signing secret. */
export function signBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Compares X-Signature with the expected HMAC in constant time. */
export function verifySignature(
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(rawBody, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the webhook handler needs from an order event (Lemon Squeezy's `orders` object). */
export interface OrderEvent {
  eventName: string;
  providerOrderId: string;
  status: string;
  totalCents: number;
  currency: string;
  orderNumber: string | null;
  variantId: string | null;
  email: string | null;
  name: string | null;
  testMode: boolean;
  custom: { userId: string | null; planId: string | null; checkoutId: string | null };
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

/**
 * Reads an order event from a parsed webhook body; a description of what is wrong when it is
 * not one (an event the handler records and ignores).
 */
export function readOrderEvent(body: unknown): OrderEvent | string {
  if (typeof body !== 'object' || body === null) return 'The body is not a JSON object.';
  const { meta, data } = body as { meta?: Record<string, unknown>; data?: Record<string, unknown> };
  const eventName = str(meta?.event_name);
  if (!eventName) return 'meta.event_name is missing.';
  if (!data || data.type !== 'orders') return `${eventName}: data is not an order.`;
  const id = str(data.id);
  const attributes = (data.attributes ?? {}) as Record<string, unknown>;
  if (!id) return `${eventName}: data.id is missing.`;
  const custom = (meta?.custom_data ?? attributes.custom_data ?? {}) as Record<string, unknown>;
  const item = (attributes.first_order_item ?? {}) as Record<string, unknown>;
  const total = Number(attributes.total);
  return {
    eventName,
    providerOrderId: id,
    status: str(attributes.status) ?? '',
    totalCents: Number.isFinite(total) ? Math.round(total) : 0,
    currency: (str(attributes.currency) ?? 'USD').toUpperCase(),
    orderNumber: str(attributes.order_number),
    variantId: str(item.variant_id),
    email: str(attributes.user_email),
    name: str(attributes.user_name),
    testMode: meta?.test_mode === true || attributes.test_mode === true,
    custom: {
      userId: str(custom.user_id),
      planId: str(custom.plan_id),
      checkoutId: str(custom.checkout_id),
    },
  };
}
