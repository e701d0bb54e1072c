import { createHmac, timingSafeEqual } from 'node:crypto';

// One interface for every payment provider (docs/decisions/0070). Both providers speak Lemon
// Squeezy's webhook format: the sandbox imitates it, so the webhook handler is written once.

export interface CheckoutPlan {
  id: string;
  name: string;
  /** The price the checkout stored (the plan's when it was created): what the buyer is charged. */
  priceCents: number;
  currency: string;
  credits: number;
  /** The provider's variant for this plan (Lemon Squeezy's variant id; the sandbox: the plan id). */
  variantId: string;
}

/** The known provider segments of the webhook address; any other answers 404 (decision 0122). */
export const webhookProviders = ['sandbox', 'lemonsqueezy'] as const;
export type WebhookProvider = (typeof webhookProviders)[number];
export const isWebhookProvider = (name: string): name is WebhookProvider =>
  (webhookProviders as readonly string[]).includes(name);

export interface CheckoutRequest {
  /** Our checkout id: carried in the custom data and in the return address. */
  checkoutId: string;
  plan: CheckoutPlan;
  buyer: { userId: string; email: string; name: string };
  /** Where the buyer goes after paying. */
  redirectUrl: string;
  /** Whether the buyer may enter a discount code (off unless the admin turns it on). */
  discountsAllowed: boolean;
}

export interface PaymentProviderAdapter {
  readonly name: 'sandbox' | 'lemonsqueezy';
  /**
   * Orders through this provider move no real money: always for the sandbox; for Lemon Squeezy
   * when the admin says the store is in test mode (Integrations). A test-mode order on a store
   * that is not in test mode is held for review (decision 0123).
   */
  readonly testMode: boolean;
  /** Whether checkouts let the buyer enter a discount code (Integrations; the sandbox: never). */
  readonly discountsAllowed: boolean;
  /** The provider's variant for a plan, or null when none is configured ('Checkout not configured'). */
  variantFor(plan: { id: string; lemonsqueezy_variant_id: string | null }): string | null;
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerCheckoutId: string }>;
  /** Whether the raw body carries a valid signature for this provider. */
  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /**
   * Asks the provider to refund `amountCents` of an order (the rest when omitted); the provider
   * then sends `order_refunded` with the amount refunded so far.
   */
  refund(providerOrderId: string, amountCents?: number): Promise<void>;
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
  /** The price before discount and tax; null when the provider did not say. */
  subtotalCents: number | null;
  discountCents: number;
  taxCents: number;
  /** What has been refunded of the order so far (Lemon Squeezy's `refunded_amount`). */
  refundedCents: number;
  /** The provider says the order is refunded in full. */
  refunded: boolean;
  currency: string;
  orderNumber: string | null;
  variantId: string | null;
  quantity: number;
  email: string | null;
  name: string | null;
  testMode: boolean;
  /** 'Visa •••• 4242' when the provider says how it was paid. */
  paymentMethod: string | null;
  custom: { userId: string | null; planId: string | null; checkoutId: string | null };
}

/** A whole number (minor units, a count) from a JSON number or numeric string; else null. */
function cents(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
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
  const total = cents(attributes.total);
  if (total === null) return `${eventName}: data.attributes.total is not a whole number of cents.`;
  const quantity = attributes.first_order_item === undefined ? 1 : cents(item.quantity ?? 1);
  const brand = str(attributes.card_brand);
  const lastFour = str(attributes.card_last_four);
  return {
    eventName,
    providerOrderId: id,
    status: str(attributes.status) ?? '',
    totalCents: total,
    subtotalCents: cents(attributes.subtotal),
    discountCents: cents(attributes.discount_total) ?? 0,
    taxCents: cents(attributes.tax) ?? 0,
    refundedCents: cents(attributes.refunded_amount) ?? 0,
    refunded: attributes.refunded === true || attributes.status === 'refunded',
    currency: (str(attributes.currency) ?? 'USD').toUpperCase(),
    orderNumber: str(attributes.order_number),
    variantId: str(item.variant_id),
    quantity: quantity ?? 0,
    email: str(attributes.user_email),
    name: str(attributes.user_name),
    testMode: meta?.test_mode === true || attributes.test_mode === true,
    paymentMethod: brand
      ? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}${lastFour ? ` •••• ${lastFour}` : ''}`
      : null,
    custom: {
      userId: str(custom.user_id),
      planId: str(custom.plan_id),
      checkoutId: str(custom.checkout_id),
    },
  };
}
