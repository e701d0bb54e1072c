import {
  checkoutStatusSchema,
  createCheckoutBodySchema,
  createCheckoutResponseSchema,
  paymentsApiPaths,
  plansResponseSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { PaymentsSetup } from './payments.js';
import { errors, idParams } from './route-schemas.js';

// The plans on sale, checkouts and their state (/payment-success).

export const checkoutRoutes: FastifyPluginAsyncZod<{ payments: PaymentsSetup }> = async (
  app,
  { payments },
) => {
  app.get(
    paymentsApiPaths.plans,
    {
      schema: {
        summary: 'The plans on sale (from the database) and who sells them',
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({
      plans: await payments.plans.onSale(),
      ...(await payments.sellingNow()),
      contactEmail: (await payments.businessDetails.get()).contactEmail || null,
    }),
  );

  app.post(
    paymentsApiPaths.checkouts,
    {
      schema: {
        summary: 'Create a hosted checkout for a paid plan; answers the URL to send the buyer to',
        body: createCheckoutBodySchema,
        response: { 201: createCheckoutResponseSchema, ...errors },
      },
      onRequest: app.requireUser,
      config: { rateLimit: rateLimits.payments.checkout },
    },
    async (request, reply) => {
      const created = await payments.checkout.create(request.user!, request.body.planId);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/checkouts/:id',
    {
      schema: {
        summary: 'A checkout of the signed-in user and its order, as the server knows it',
        params: idParams,
        response: { 200: checkoutStatusSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.checkout.status(request.user!, request.params.id);
    },
  );
};
