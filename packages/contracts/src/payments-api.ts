import { apiRoute, pathById } from './api-routes.js';

// What the pricing page needs of payments, in a module of its own: everything it imports is part
// of its first load (docs/decisions/0074). The rest is in payments.ts.

/** Shown wherever sandbox (test) orders appear: pricing, the sandbox checkout, receipts, admin. */
export const testModeText = 'Test mode — no real payment';

/**
 * The payments endpoints the web client calls (one object for the server's payments module).
 * Kept here rather than in paths.ts, whose every byte is on every page's first load; only the
 * pricing and billing pages load this module (docs/decisions/0074). The webhook, the sandbox's
 * pages and the admin calls are paymentsServerPaths below.
 */
export const paymentsApiPaths = {
  plans: '/api/plans',
  checkouts: '/api/checkouts',
  checkout: (id: string) => `/api/checkouts/${encodeURIComponent(id)}`,
  billing: '/api/me/billing',
  orders: '/api/me/orders',
  receipt: (id: string) => `/api/me/orders/${encodeURIComponent(id)}/receipt`,
  emailReceipt: (id: string) => `/api/me/orders/${encodeURIComponent(id)}/receipt/email`,
  refundRequest: (id: string) => `/api/me/orders/${encodeURIComponent(id)}/refund-request`,
  invoice: (invoiceId: string) => `/api/me/invoices/${encodeURIComponent(invoiceId)}`,
  billingProfile: '/api/me/billing-profile',
} as const;

/**
 * The payments endpoints no web page calls (webhooks, the sandbox provider's pages, the
 * operator's calls): their routes are contracts too (decision 0220).
 */
export const paymentsServerPaths = {
  webhook: (provider: string) => `/api/payments/webhooks/${encodeURIComponent(provider)}`,
  sandboxCheckout: (id: string) => `/api/payments/sandbox/checkouts/${encodeURIComponent(id)}`,
  sandboxPay: (id: string) => `/api/payments/sandbox/checkouts/${encodeURIComponent(id)}/pay`,
  sandboxCancel: (id: string) => `/api/payments/sandbox/checkouts/${encodeURIComponent(id)}/cancel`,
  /** Spec §7: GET /users/{id}/purchases?page=1&per_page=20. */
  userPurchases: (id: string) => `/users/${encodeURIComponent(id)}/purchases`,
  adminOrders: '/api/admin/orders',
  adminRefund: (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/refund`,
  adminWebhookEvents: '/api/admin/webhook-events',
  adminReplay: (eventId: string) =>
    `/api/admin/webhook-events/${encodeURIComponent(eventId)}/replay`,
} as const;

const pay = paymentsApiPaths;
const payServer = paymentsServerPaths;

/** payments: plans and checkouts, the buyer's billing, webhooks and the sandbox provider's pages. */
export const paymentsApi = {
  plans: apiRoute('GET', pay.plans),
  createCheckout: apiRoute('POST', pay.checkouts),
  checkout: apiRoute('GET', pathById(pay.checkout)),
  billing: apiRoute('GET', pay.billing),
  orders: apiRoute('GET', pay.orders),
  userPurchases: apiRoute('GET', pathById(payServer.userPurchases)),
  receipt: apiRoute('GET', pathById(pay.receipt)),
  invoice: apiRoute('GET', pathById(pay.invoice)),
  emailReceipt: apiRoute('POST', pathById(pay.emailReceipt)),
  refundRequest: apiRoute('POST', pathById(pay.refundRequest)),
  billingProfile: apiRoute('GET', pay.billingProfile),
  saveBillingProfile: apiRoute('PUT', pay.billingProfile),
  webhook: apiRoute('POST', (params: { provider: string }) => payServer.webhook(params.provider)),
  sandboxCheckout: apiRoute('GET', pathById(payServer.sandboxCheckout)),
  sandboxPay: apiRoute('POST', pathById(payServer.sandboxPay)),
  sandboxCancel: apiRoute('POST', pathById(payServer.sandboxCancel)),
};
