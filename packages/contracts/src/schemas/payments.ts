import * as z from 'zod/mini';
import { creditKinds } from '../credits.js';
import {
  checkoutStates,
  orderStatuses,
  paymentProviders,
  refundRequestStatuses,
} from '../payments.js';
import { planSchema } from './plans.js';

// Schemas of the payments API (issue 12).

/** GET /api/plans: the active plans, from the database; and who sells them. */
export const plansResponseSchema = z.object({
  plans: z.array(planSchema),
  provider: z.enum(paymentProviders),
  testMode: z.boolean(),
  /** The seller's contact address (Admin → Business details); null when unset (issue 26). */
  contactEmail: z.nullable(z.string()),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** POST /api/checkouts */
export const createCheckoutBodySchema = z.object({
  planId: z.string().check(z.minLength(1, 'Choose a plan'), z.maxLength(100)),
});
export type CreateCheckoutBody = z.infer<typeof createCheckoutBodySchema>;

export const createCheckoutResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

/** A buyer's refund request and its outcome (decision 0125). */
export const refundRequestSchema = z.object({
  id: z.string(),
  status: z.enum(refundRequestStatuses),
  credits: z.int(),
  amountCents: z.int(),
  currency: z.string(),
  buyerReason: z.nullable(z.string()),
  declineReason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const orderSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  status: z.enum(orderStatuses),
  provider: z.string(),
  planId: z.nullable(z.string()),
  planName: z.nullable(z.string()),
  /** Minor units (cents). */
  amountCents: z.int(),
  currency: z.string(),
  credits: z.int(),
  refundedCredits: z.int(),
  /** What the provider refunded so far, in minor units. */
  refundedCents: z.int(),
  discountCents: z.int(),
  lotExpiresAt: z.nullable(z.string()),
  testMode: z.boolean(),
  paidAt: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** Why a 'needs_review' order waits for the admin. */
  reviewReason: z.nullable(z.string()),
  paymentMethod: z.nullable(z.string()),
  /** The invoice's number once issued. */
  invoiceNumber: z.nullable(z.string()),
  /** The credit note of each refund, downloadable beside the invoice (decision 0263). */
  creditNotes: z.array(
    z.object({ id: z.string(), number: z.string(), amountCents: z.int(), issuedAt: z.string() }),
  ),
  /** What the buyer may ask back now (unused credits within 30 days), or null. */
  refundable: z.nullable(z.object({ credits: z.int(), amountCents: z.int(), until: z.string() })),
  /** The latest refund request of the order, if any. */
  refundRequest: z.nullable(refundRequestSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/me/orders/{id}/refund-request */
export const refundRequestBodySchema = z.object({
  reason: z.optional(
    z.string().check(z.trim(), z.maxLength(500, 'The reason must be at most 500 characters')),
  ),
});
export type RefundRequestBody = z.infer<typeof refundRequestBodySchema>;

/** POST /api/me/orders/{id}/receipt/email: whether the mail went out or waits in the outbox. */
export const emailReceiptResponseSchema = z.object({
  sent: z.boolean(),
  delivery: z.enum(['sent', 'queued']),
});
export type EmailReceiptResponse = z.infer<typeof emailReceiptResponseSchema>;

/** GET /api/checkouts/{id}: the order as the server knows it, never the query string's claims. */
export const checkoutStatusSchema = z.object({
  id: z.string(),
  state: z.enum(checkoutStates),
  planId: z.string(),
  planName: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  credits: z.int(),
  order: z.nullable(orderSchema),
  balance: z.int(),
  testMode: z.boolean(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

export const ordersResponseSchema = z.object({
  orders: z.array(orderSchema),
  total: z.int(),
  page: z.int(),
  perPage: z.int(),
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const creditLotSchema = z.object({
  id: z.string(),
  source: z.enum(creditKinds),
  granted: z.int(),
  remaining: z.int(),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
});

/** GET /api/me/billing: balance, lots and usage from real jobs. */
export const billingSummarySchema = z.object({
  balance: z.int(),
  lots: z.array(creditLotSchema),
  nextExpiry: z.nullable(z.object({ credits: z.int(), expiresAt: z.string() })),
  usage: z.object({
    thisMonth: z.int(),
    last30Days: z.array(z.object({ date: z.string(), images: z.int() })),
  }),
  /** Whether the last paid order was bought (useful for the 'Purchased' rule). */
  purchasedPlanIds: z.array(z.string()),
  /** A paid order completed in the last 10 minutes (the pricing page's success toast). */
  recentOrder: z.nullable(orderSchema),
  provider: z.enum(paymentProviders),
  testMode: z.boolean(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const webhookEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  eventName: z.nullable(z.string()),
  providerOrderId: z.nullable(z.string()),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  signatureValid: z.boolean(),
  outcome: z.string(),
  detail: z.nullable(z.string()),
  replayOf: z.nullable(z.string()),
  receivedAt: z.string(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
