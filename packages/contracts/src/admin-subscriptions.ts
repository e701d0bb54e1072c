import { apiRoute, pathById } from './api-routes.js';
import { invoicesApiPaths } from './invoices.js';
import { paymentsServerPaths as payServer } from './payments-server-api.js';
// The admin's purchases ("subscriptions" in spec §2/§7: for one-time credit packs these are
// orders and their credit lots, docs/decisions/0104) and pricing management (0105). Zod-free:
// the endpoints and constants; the schemas are in schemas/admin-subscriptions.ts. Kept out of
// paths.ts, which every page loads (docs/decisions/0022, 0074).

/** Spec §7 Admin calls, under the API prefix (docs/decisions/0089), and the plans the admin edits. */
export const adminSubscriptionsApiPaths = {
  subscriptions: '/api/admin/subscriptions',
  stats: '/api/admin/subscriptions/stats',
  subscription: (id: string) => `/api/admin/subscriptions/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/api/admin/subscriptions/${encodeURIComponent(id)}/cancel`,
  credit: (id: string) => `/api/admin/subscriptions/${encodeURIComponent(id)}/credit`,
  approveRefundRequest: (id: string) =>
    `/api/admin/refund-requests/${encodeURIComponent(id)}/approve`,
  declineRefundRequest: (id: string) =>
    `/api/admin/refund-requests/${encodeURIComponent(id)}/decline`,
  invoice: (invoiceId: string) => `/api/admin/invoices/${encodeURIComponent(invoiceId)}`,
  paymentsStatus: '/api/admin/payments-status',
  plans: '/api/admin/plans',
  plan: (id: string) => `/api/admin/plans/${encodeURIComponent(id)}`,
} as const;

export const adminSubscriptionsPageSize = 20;

/** Filters of the list: live orders moved real money, test orders came through the sandbox. */
export const orderModes = ['live', 'test'] as const;
export type OrderMode = (typeof orderModes)[number];

/** How long an admin note on an order may be. */
export const orderNoteMaxLength = 1000;

/** The stats period, in days (default 30, like the overview). */
export const subscriptionStatsDays = { min: 1, max: 366, default: 30 } as const;

/** Server messages of pricing management (spec §5 style: say what to fix). */
export const adminPlanTexts = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 60 characters',
  descriptionTooLong: 'Description must be at most 300 characters',
  priceWhole: 'Price must be a whole number of cents, 0 or more',
  priceTooHigh: 'Price must be at most 100,000.00',
  creditsWhole: 'Credits must be a whole number, 1 or more (-1 for custom)',
  validityDaysWhole: 'Validity must be a whole number of days, 1 to 3650, or empty for no expiry',
  validityTooLong: 'Validity text must be at most 40 characters',
  featureEmpty: 'Features cannot be empty lines',
  featureTooLong: 'Each feature must be at most 120 characters',
  tooManyFeatures: 'At most 12 features',
  variantTooLong: 'Variant id must be at most 100 characters',
  nothingToChange: 'Nothing to change: send at least one field',
  paidNeedsPrice: 'A one-time pack needs a price above 0 and at least 1 credit',
  freeHasNoPrice: 'The free plan and Enterprise have no price',
  lastActivePack: 'At least one paid pack must stay on sale',
} as const;

const adminSubs = adminSubscriptionsApiPaths;

/** payments, the admin's half: subscriptions (orders), refund requests, invoices, plans, webhooks. */
export const adminPaymentsApi = {
  subscriptions: apiRoute('GET', adminSubs.subscriptions),
  stats: apiRoute('GET', adminSubs.stats),
  subscription: apiRoute('GET', pathById(adminSubs.subscription)),
  updateSubscription: apiRoute('PUT', pathById(adminSubs.subscription)),
  cancel: apiRoute('POST', pathById(adminSubs.cancel)),
  credit: apiRoute('POST', pathById(adminSubs.credit)),
  approveRefundRequest: apiRoute('POST', pathById(adminSubs.approveRefundRequest)),
  declineRefundRequest: apiRoute('POST', pathById(adminSubs.declineRefundRequest)),
  invoice: apiRoute('GET', pathById(adminSubs.invoice)),
  paymentsStatus: apiRoute('GET', adminSubs.paymentsStatus),
  businessDetails: apiRoute('GET', invoicesApiPaths.businessDetails),
  saveBusinessDetails: apiRoute('PUT', invoicesApiPaths.businessDetails),
  plans: apiRoute('GET', adminSubs.plans),
  updatePlan: apiRoute('PUT', pathById(adminSubs.plan)),
  orders: apiRoute('GET', payServer.adminOrders),
  refundOrder: apiRoute('POST', pathById(payServer.adminRefund)),
  webhookEvents: apiRoute('GET', payServer.adminWebhookEvents),
  replayWebhookEvent: apiRoute('POST', pathById(payServer.adminReplay)),
};

/** What a stored webhook did (the server records it; the admin's webhook list filters by it). */
export const webhookOutcomes = [
  'credited',
  'held',
  'duplicate',
  'refunded',
  'partially_refunded',
  'refund_before_order',
  'ignored',
  'invalid_signature',
  'malformed',
  'failed',
] as const;
export type WebhookOutcome = (typeof webhookOutcomes)[number];
