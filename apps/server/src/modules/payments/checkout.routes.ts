import { paymentsEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { PaymentsSetup } from './payments.js';

// The plans on sale, checkouts and their state (/payment-success).

export const checkoutRoutes: FastifyPluginAsyncZod<{ payments: PaymentsSetup }> = async (
  app,
  { payments },
) => {
  route(
    app,
    paymentsEndpoints.plans,
    { schema: { summary: 'The plans on sale (from the database) and who sells them' } },
    async () => ({
      plans: await payments.plans.onSale(),
      ...(await payments.sellingNow()),
      contactEmail: (await payments.businessDetails.get()).contactEmail || null,
    }),
  );

  route(
    app,
    paymentsEndpoints.createCheckout,
    {
      schema: {
        summary: 'Create a hosted checkout for a paid plan; answers the URL to send the buyer to',
      },
      onRequest: app.requireUser,
      config: { rateLimit: rateLimits.payments.checkout },
    },
    async (request, reply) => {
      const created = await payments.checkout.create(request.user!, request.body.planId);
      return reply.status(201).send(created);
    },
  );

  route(
    app,
    paymentsEndpoints.checkout,
    {
      schema: {
        summary: 'A checkout of the signed-in user and its order, as the server knows it',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.checkout.status(request.user!, request.params.id);
    },
  );
};
