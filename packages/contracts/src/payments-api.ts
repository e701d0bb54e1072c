import { apiRoute, pathById } from './api-routes.js';

// What the pricing page needs of payments, in a module of its own: everything it imports is part
// of its first load (docs/decisions/0074). The rest is in payments.ts.

/** Shown wherever sandbox (test) orders appear: pricing, the sandbox checkout, receipts, admin. */
export const testModeText = 'Test mode — no real payment';

/**
 * The payments endpoints the web client calls (one object for the server's payments module).
 * Kept here rather than in paths.ts, whose every byte is on every page's first load; only the
 * pricing and billing pages load this module (docs/decisions/0074). The webhook, the sandbox's
 * pages and the admin calls are in payments-server-api.ts.
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

const pay = paymentsApiPaths;

/** payments: plans and checkouts, the buyer's billing (the calls the web makes). */
export const paymentsApi = {
  plans: apiRoute('GET', pay.plans),
  createCheckout: apiRoute('POST', pay.checkouts),
  checkout: apiRoute('GET', pathById(pay.checkout)),
  billing: apiRoute('GET', pay.billing),
  orders: apiRoute('GET', pay.orders),
  receipt: apiRoute('GET', pathById(pay.receipt)),
  invoice: apiRoute('GET', pathById(pay.invoice)),
  emailReceipt: apiRoute('POST', pathById(pay.emailReceipt)),
  refundRequest: apiRoute('POST', pathById(pay.refundRequest)),
  billingProfile: apiRoute('GET', pay.billingProfile),
  saveBillingProfile: apiRoute('PUT', pay.billingProfile),
};
