// The payments endpoints no web page calls (webhooks, the sandbox provider's pages, the
// operator's calls), kept out of @cutout/contracts' paths.ts, which every page loads
// (docs/decisions/0074). The web client's payments paths are paymentsApiPaths in contracts.
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
