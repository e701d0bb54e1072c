import * as z from 'zod/mini';
import {
  adminPlanTexts as t,
  adminSubscriptionsPageSize,
  orderModes,
  orderNoteMaxLength,
  subscriptionStatsDays,
} from '../admin-subscriptions.js';
import { creditKinds } from '../credits.js';
import { orderStatuses, refundRequestStatuses } from '../payments.js';
import { orderSchema, webhookEventSchema } from './payments.js';
import { billingTypes } from '../plans.js';

// Request and response schemas of the admin's purchases (spec §7 GET/PUT /admin/subscriptions…,
// docs/decisions/0104) and pricing management (docs/decisions/0105).

/** An order as the admin sees it: the buyer's order plus who bought it and the admin's note. */
export const adminSubscriptionSchema = z.extend(orderSchema, {
  providerOrderId: z.string(),
  userId: z.nullable(z.string()),
  buyerEmail: z.nullable(z.string()),
  buyerName: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

const filterOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.optional(z.enum([...values, 'all'] as [T[number] | 'all', ...(T[number] | 'all')[]]));

/** GET /api/admin/subscriptions */
export const adminSubscriptionsQuerySchema = z.object({
  /** Buyer e-mail or name, order id, receipt number or the provider's order id. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  status: filterOf(orderStatuses),
  plan: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  mode: filterOf(orderModes),
  /** Orders whose latest refund request is in this state ('requested': waiting for the admin). */
  request: filterOf(refundRequestStatuses),
  provider: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  per_page: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)),
    adminSubscriptionsPageSize,
  ),
});
export type AdminSubscriptionsQuery = z.input<typeof adminSubscriptionsQuerySchema>;
export type AdminSubscriptionsFilters = z.output<typeof adminSubscriptionsQuerySchema>;

export const adminSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(adminSubscriptionSchema),
  total: z.int(),
  page: z.int(),
  perPage: z.int(),
});
export type AdminSubscriptionsResponse = z.infer<typeof adminSubscriptionsResponseSchema>;

/** The sandbox's outgoing webhook for the order (a real provider keeps its own log). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventName: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  lastStatus: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
});

/** The one refund rule's figures of an order (contracts refund-rule.ts). */
export const refundStateSchema = z.object({
  totalCents: z.int(),
  credits: z.int(),
  refundedCents: z.int(),
  refundedCredits: z.int(),
  unspentCredits: z.int(),
});

/** What approving a refund request refunds now, and how it was computed (decision 0263). */
export const refundQuoteSchema = z.object({
  requestId: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  unspentCredits: z.int(),
  computation: z.string(),
  imagesSinceRequest: z.int(),
});
export type RefundQuote = z.infer<typeof refundQuoteSchema>;

/** GET /api/admin/subscriptions/{id} */
export const adminSubscriptionDetailSchema = z.object({
  subscription: adminSubscriptionSchema,
  buyer: z.nullable(
    z.object({ id: z.string(), email: z.string(), name: z.string(), balance: z.int() }),
  ),
  /** The credit lot the order granted: what is left, what was refunded, what was used. */
  lot: z.nullable(
    z.object({
      id: z.string(),
      granted: z.int(),
      remaining: z.int(),
      refunded: z.int(),
      usedOrExpired: z.int(),
      expiresAt: z.nullable(z.string()),
      expired: z.boolean(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(creditKinds),
      amount: z.int(),
      balanceAfter: z.int(),
      reason: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
  webhookEvents: z.array(webhookEventSchema),
  deliveries: z.array(webhookDeliverySchema),
  /** Whether Refund can be asked of the provider now (paid, and its provider configured). */
  refundable: z.boolean(),
  /**
   * The unused credits' share not refunded yet, in minor units: the refund dialog's default and
   * most (the one refund rule, decision 0263).
   */
  refundableCents: z.int(),
  /** The rest of the price: the most of a goodwill refund (of used credits too). */
  goodwillCents: z.int(),
  /** The rule's figures, so the dialog says what a typed amount does (contracts refund-rule.ts). */
  refundState: refundStateSchema,
  /** What approving the open refund request would refund now; null without an open request. */
  refundQuote: z.nullable(refundQuoteSchema),
  /** Whether Credit can resolve the order ('needs_review' and its buyer still there). */
  creditable: z.boolean(),
  /** The credits Credit grants unless the admin says otherwise (the checkout's pack). */
  expectedCredits: z.nullable(z.int()),
  /** The invoice and credit notes issued for the order. */
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      kind: z.enum(['invoice', 'credit_note']),
      amountCents: z.int(),
      currency: z.string(),
      issuedAt: z.string(),
    }),
  ),
});
export type AdminSubscriptionDetail = z.infer<typeof adminSubscriptionDetailSchema>;

/** PUT /api/admin/subscriptions/{id}: the admin's note is the one thing an admin changes. */
export const updateAdminSubscriptionBodySchema = z.object({
  note: z
    .string({ error: 'Send a note (empty to clear it)' })
    .check(
      z.trim(),
      z.maxLength(orderNoteMaxLength, `The note must be at most ${orderNoteMaxLength} characters`),
    ),
});
export type UpdateAdminSubscriptionBody = z.infer<typeof updateAdminSubscriptionBodySchema>;

const reasonText = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(500, 'The reason must be at most 500 characters'),
    );

/**
 * POST /api/admin/subscriptions/{id}/cancel: refund through the provider, `amountCents` of it
 * (what is left when omitted; decision 0121).
 */
export const refundOrderBodySchema = z.object({
  amountCents: z.optional(
    z
      .number({ error: 'Enter the amount to refund' })
      .check(z.int('Enter a whole number of cents'), z.minimum(1, 'Enter an amount above 0')),
  ),
  /**
   * A goodwill refund: the admin deliberately refunds used credits too (up to the rest of the
   * price; labelled in the audit log). Without it a refund is at most the unused credits' share.
   */
  goodwill: z.optional(z.boolean({ error: 'Goodwill is true or false' })),
});

/**
 * POST /api/admin/refund-requests/{id}/approve: `amountCents` is what the admin's confirmation
 * showed; when the amount changed since, nothing is refunded and the new amount is said.
 */
export const approveRefundRequestBodySchema = z.object({
  amountCents: z.optional(
    z.number({ error: 'Send the amount confirmed' }).check(z.int('Enter a whole number of cents')),
  ),
});
export type ApproveRefundRequestBody = z.infer<typeof approveRefundRequestBodySchema>;
export type RefundOrderBody = z.infer<typeof refundOrderBodySchema>;

/** POST /api/admin/subscriptions/{id}/credit: resolve an order held for review by crediting it. */
export const creditOrderBodySchema = z.object({
  credits: z.optional(
    z
      .number({ error: 'Enter the credits to add' })
      .check(z.int('Enter a whole number'), z.minimum(1, 'Enter at least 1 credit')),
  ),
  reason: reasonText('Say why this order is credited'),
});
export type CreditOrderBody = z.infer<typeof creditOrderBodySchema>;

/** POST /api/admin/refund-requests/{id}/decline */
export const declineRefundRequestBodySchema = z.object({
  reason: reasonText('Tell the buyer why the refund is declined'),
});
export type DeclineRefundRequestBody = z.infer<typeof declineRefundRequestBodySchema>;

/** GET /api/admin/subscriptions/stats?days=30 */
export const adminSubscriptionStatsQuerySchema = z.object({
  days: z._default(
    z.coerce
      .number()
      .check(
        z.int(),
        z.minimum(subscriptionStatsDays.min),
        z.maximum(subscriptionStatsDays.max, 'The period is at most 366 days'),
      ),
    subscriptionStatsDays.default,
  ),
});

const salesFigures = {
  /** Orders paid in the period, refunded since or not. */
  orders: z.int(),
  /** Of those, orders that moved real money (not sandbox/test mode). */
  liveOrders: z.int(),
  testOrders: z.int(),
  refunded: z.int(),
  /** Minor units, from live orders still paid; test orders earn nothing. */
  revenueCents: z.int(),
  /** Credits sold net of refunded credits (test orders included: their credits are real). */
  creditsSold: z.int(),
};

export const adminSubscriptionStatsSchema = z.object({
  days: z.int(),
  since: z.string(),
  currency: z.string(),
  totals: z.object({
    ...salesFigures,
    /** Orders held for the admin (any time), and refund requests waiting for a decision. */
    needsReview: z.int(),
    openRefundRequests: z.int(),
  }),
  byPlan: z.array(
    z.object({ planId: z.nullable(z.string()), planName: z.nullable(z.string()), ...salesFigures }),
  ),
});
export type AdminSubscriptionStats = z.infer<typeof adminSubscriptionStatsSchema>;

/** A plan with what only the admin sees (the public fields are those of planSchema). */
export const adminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  credits: z.int(),
  pricePerCredit: z.optional(z.number()),
  billingType: z.enum(billingTypes),
  currency: z.string(),
  interval: z.string(),
  features: z.array(z.string()),
  popular: z.boolean(),
  validity: z.optional(z.string()),
  active: z.boolean(),
  priceCents: z.int(),
  validityDays: z.nullable(z.int()),
  lemonSqueezyVariantId: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type EditablePlan = z.infer<typeof adminPlanSchema>;

export const adminPlansResponseSchema = z.object({ plans: z.array(adminPlanSchema) });

const optionalText = (max: number, message: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, message)));

/** PUT /api/admin/plans/{id}: any subset of these; the server checks the whole plan after. */
export const updateAdminPlanBodySchema = z.object({
  name: z.optional(
    z.string().check(z.trim(), z.minLength(1, t.nameRequired), z.maxLength(60, t.nameTooLong)),
  ),
  description: optionalText(300, t.descriptionTooLong),
  priceCents: z.optional(
    z
      .number({ error: t.priceWhole })
      .check(
        z.int(t.priceWhole),
        z.minimum(0, t.priceWhole),
        z.maximum(10_000_000, t.priceTooHigh),
      ),
  ),
  credits: z.optional(
    z
      .number({ error: t.creditsWhole })
      .check(z.int(t.creditsWhole), z.minimum(-1, t.creditsWhole), z.maximum(10_000_000)),
  ),
  validity: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(40, t.validityTooLong)))),
  validityDays: z.optional(
    z.nullable(
      z
        .number({ error: t.validityDaysWhole })
        .check(
          z.int(t.validityDaysWhole),
          z.minimum(1, t.validityDaysWhole),
          z.maximum(3650, t.validityDaysWhole),
        ),
    ),
  ),
  features: z.optional(
    z
      .array(
        z
          .string()
          .check(z.trim(), z.minLength(1, t.featureEmpty), z.maxLength(120, t.featureTooLong)),
      )
      .check(z.maxLength(12, t.tooManyFeatures)),
  ),
  popular: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
  lemonSqueezyVariantId: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(100, t.variantTooLong))),
  ),
});
export type UpdateAdminPlanBody = z.infer<typeof updateAdminPlanBodySchema>;

/** GET /api/admin/payments-status: who sells, and whether the admin must be warned (0120). */
export const paymentsStatusSchema = z.object({
  provider: z.enum(['sandbox', 'lemonsqueezy', 'none']),
  /** A provider that can sell is set up (the sandbox, or Lemon Squeezy with its keys). */
  configured: z.boolean(),
  /** The sandbox sells on a production server: anyone can get credits with the test card. */
  sandboxInProduction: z.boolean(),
  testMode: z.boolean(),
});
export type PaymentsStatus = z.infer<typeof paymentsStatusSchema>;
