import * as z from 'zod/mini';
import { adminPaymentsApi } from '../../admin-subscriptions.js';
import { paymentsApi } from '../../payments-api.js';
import { paymentsServerApi } from '../../payments-server-api.js';
import { limits } from '../../limits.js';
import {
  adminPlanSchema,
  adminPlansResponseSchema,
  adminSubscriptionDetailSchema,
  adminSubscriptionSchema,
  adminSubscriptionsQuerySchema,
  adminSubscriptionsResponseSchema,
  adminSubscriptionStatsQuerySchema,
  adminSubscriptionStatsSchema,
  approveRefundRequestBodySchema,
  creditOrderBodySchema,
  declineRefundRequestBodySchema,
  paymentsStatusSchema,
  refundOrderBodySchema,
  updateAdminPlanBodySchema,
  updateAdminSubscriptionBodySchema,
} from '../admin-subscriptions.js';
import { billingProfileSchema, businessDetailsSchema } from '../invoices.js';
import {
  billingSummarySchema,
  checkoutStatusSchema,
  createCheckoutBodySchema,
  createCheckoutResponseSchema,
  emailReceiptResponseSchema,
  orderSchema,
  ordersResponseSchema,
  plansResponseSchema,
  refundRequestBodySchema,
  refundRequestSchema,
  webhookEventSchema,
} from '../payments.js';
import { userIdParamsSchema } from '../users.js';
import { endpoint } from '../endpoint.js';

// payments (decision 0220): plans and checkouts, the buyer's billing, the providers' webhooks,
// the sandbox provider's pages (HTML forms, no answer schema) and the admin's calls. Invoices
// are PDF files, answered as they are.

const errors = [400, 401, 403, 404, 409, 502, 503] as const;
const params = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

const pageQuery = {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  per_page: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(100)),
    limits.purchasesPageSize,
  ),
};
const pdf = z.any();

/** The sandbox checkout page's form (application/x-www-form-urlencoded). */
const sandboxPayFormSchema = z.object({
  card: z._default(z.string().check(z.maxLength(40)), ''),
  expiry: z._default(z.string().check(z.maxLength(10)), ''),
  cvc: z._default(z.string().check(z.maxLength(10)), ''),
});

export const paymentsEndpoints = {
  plans: endpoint(paymentsApi.plans, { responses: { 200: plansResponseSchema } }),
  createCheckout: endpoint(paymentsApi.createCheckout, {
    body: createCheckoutBodySchema,
    responses: { 201: createCheckoutResponseSchema },
    errors,
  }),
  checkout: endpoint(paymentsApi.checkout, {
    params,
    responses: { 200: checkoutStatusSchema },
    errors,
  }),
  billing: endpoint(paymentsApi.billing, { responses: { 200: billingSummarySchema }, errors }),
  orders: endpoint(paymentsApi.orders, {
    query: z.object(pageQuery),
    responses: { 200: ordersResponseSchema },
    errors,
  }),
  userPurchases: endpoint(paymentsServerApi.userPurchases, {
    params: userIdParamsSchema,
    query: z.object(pageQuery),
    responses: { 200: ordersResponseSchema },
    errors,
  }),
  receipt: endpoint(paymentsApi.receipt, { params, responses: { 200: pdf }, errors }),
  invoice: endpoint(paymentsApi.invoice, { params, responses: { 200: pdf }, errors }),
  emailReceipt: endpoint(paymentsApi.emailReceipt, {
    params,
    responses: { 200: emailReceiptResponseSchema },
    errors,
  }),
  refundRequest: endpoint(paymentsApi.refundRequest, {
    params,
    body: refundRequestBodySchema,
    responses: { 201: orderSchema },
    errors,
  }),
  billingProfile: endpoint(paymentsApi.billingProfile, {
    responses: { 200: billingProfileSchema },
    errors,
  }),
  saveBillingProfile: endpoint(paymentsApi.saveBillingProfile, {
    body: billingProfileSchema,
    responses: { 200: billingProfileSchema },
    errors,
  }),
  /** The raw body is what the signature covers: the route reads it as bytes (at most 64 KB). */
  webhook: endpoint(paymentsServerApi.webhook, {
    params: z.object({ provider: z.string().check(z.minLength(1), z.maxLength(40)) }),
    responses: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
    errors: [...errors, 413, 429, 500],
  }),
  sandboxCheckout: endpoint(paymentsServerApi.sandboxCheckout, { params }),
  sandboxPay: endpoint(paymentsServerApi.sandboxPay, { params, body: sandboxPayFormSchema }),
  sandboxCancel: endpoint(paymentsServerApi.sandboxCancel, { params }),
};

export const adminPaymentsEndpoints = {
  subscriptions: endpoint(adminPaymentsApi.subscriptions, {
    query: adminSubscriptionsQuerySchema,
    responses: { 200: adminSubscriptionsResponseSchema },
    errors,
  }),
  stats: endpoint(adminPaymentsApi.stats, {
    query: adminSubscriptionStatsQuerySchema,
    responses: { 200: adminSubscriptionStatsSchema },
    errors,
  }),
  subscription: endpoint(adminPaymentsApi.subscription, {
    params,
    responses: { 200: adminSubscriptionDetailSchema },
    errors,
  }),
  updateSubscription: endpoint(adminPaymentsApi.updateSubscription, {
    params,
    body: updateAdminSubscriptionBodySchema,
    responses: { 200: adminSubscriptionSchema },
    errors,
  }),
  cancel: endpoint(adminPaymentsApi.cancel, {
    params,
    body: z.nullish(refundOrderBodySchema),
    responses: { 202: adminSubscriptionSchema },
    errors,
  }),
  credit: endpoint(adminPaymentsApi.credit, {
    params,
    body: creditOrderBodySchema,
    responses: { 200: adminSubscriptionSchema },
    errors,
  }),
  approveRefundRequest: endpoint(adminPaymentsApi.approveRefundRequest, {
    params,
    body: z.nullish(approveRefundRequestBodySchema),
    responses: { 202: refundRequestSchema },
    errors,
  }),
  declineRefundRequest: endpoint(adminPaymentsApi.declineRefundRequest, {
    params,
    body: declineRefundRequestBodySchema,
    responses: { 200: refundRequestSchema },
    errors,
  }),
  invoice: endpoint(adminPaymentsApi.invoice, { params, responses: { 200: pdf }, errors }),
  paymentsStatus: endpoint(adminPaymentsApi.paymentsStatus, {
    responses: { 200: paymentsStatusSchema },
    errors,
  }),
  businessDetails: endpoint(adminPaymentsApi.businessDetails, {
    responses: { 200: businessDetailsSchema },
    errors,
  }),
  saveBusinessDetails: endpoint(adminPaymentsApi.saveBusinessDetails, {
    body: businessDetailsSchema,
    responses: { 200: businessDetailsSchema },
    errors,
  }),
  plans: endpoint(adminPaymentsApi.plans, { responses: { 200: adminPlansResponseSchema }, errors }),
  updatePlan: endpoint(adminPaymentsApi.updatePlan, {
    params,
    body: updateAdminPlanBodySchema,
    responses: { 200: adminPlanSchema },
    errors,
  }),
  orders: endpoint(adminPaymentsApi.orders, {
    query: z.object({
      ...pageQuery,
      status: z.optional(z.enum(['paid', 'refunded'])),
      provider: z.optional(z.string().check(z.maxLength(40))),
      user_id: z.optional(z.string().check(z.maxLength(100))),
      search: z.optional(z.string().check(z.maxLength(200))),
    }),
    responses: { 200: ordersResponseSchema },
    errors,
  }),
  refundOrder: endpoint(adminPaymentsApi.refundOrder, {
    params,
    responses: { 202: orderSchema },
    errors,
  }),
  webhookEvents: endpoint(adminPaymentsApi.webhookEvents, {
    query: z.object({
      ...pageQuery,
      provider: z.optional(z.string().check(z.maxLength(40))),
      outcome: z.optional(z.string().check(z.maxLength(40))),
      order: z.optional(z.string().check(z.maxLength(200))),
    }),
    responses: {
      200: z.object({ events: z.array(webhookEventSchema), total: z.number().check(z.int()) }),
    },
    errors,
  }),
  replayWebhookEvent: endpoint(adminPaymentsApi.replayWebhookEvent, {
    params,
    responses: { 200: webhookEventSchema },
    errors,
  }),
};
