import { apiRoute, pathById } from './api-routes.js';

/**
 * The payments endpoints no web page calls (webhooks, the sandbox provider's pages, the
 * operator's calls): their paths and routes, kept out of payments-api.ts, which the pricing
 * page loads (docs/decisions/0074, 0220).
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

const payServer = paymentsServerPaths;

/** payments, the server-only half: the spec's purchases call, webhooks, the sandbox's pages. */
export const paymentsServerApi = {
  userPurchases: apiRoute('GET', pathById(payServer.userPurchases)),
  webhook: apiRoute('POST', (params: { provider: string }) => payServer.webhook(params.provider)),
  sandboxCheckout: apiRoute('GET', pathById(payServer.sandboxCheckout)),
  sandboxPay: apiRoute('POST', pathById(payServer.sandboxPay)),
  sandboxCancel: apiRoute('POST', pathById(payServer.sandboxCancel)),
};
