import type { FastifyPluginAsync } from 'fastify';
import { adminSubscriptionsRoutes } from './admin-subscriptions.routes.js';
import { billingRoutes } from './billing.routes.js';
import { checkoutRoutes } from './checkout.routes.js';
import type { PaymentsSetup } from './payments.js';
import { sandboxRoutes } from './sandbox.routes.js';
import { webhooksRoutes } from './webhooks.routes.js';

// Payments over HTTP: plans and checkouts, the buyer's billing and receipts, the providers'
// webhooks, the sandbox provider's checkout pages, and the operator's calls (admin only).

export const paymentsRoutes: FastifyPluginAsync<{ payments: PaymentsSetup }> = async (
  app,
  options,
) => {
  await app.register(checkoutRoutes, options);
  await app.register(billingRoutes, options);
  await app.register(webhooksRoutes, options);
  await app.register(sandboxRoutes, options);
  await app.register(adminSubscriptionsRoutes, options);
};
