import {
  billingSummarySchema,
  ordersResponseSchema,
  paymentsApiPaths,
  userIdParamsSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { PaymentsSetup } from './payments.js';
import { errors, idParams, pageOf, pageQuery } from './route-schemas.js';

// The buyer's billing: balance and usage, orders, receipts.

export const billingRoutes: FastifyPluginAsyncZod<{ payments: PaymentsSetup }> = async (
  app,
  { payments },
) => {
  app.get(
    paymentsApiPaths.billing,
    {
      schema: {
        summary: 'Balance, credit lots, usage from real jobs and purchases of the signed-in user',
        response: { 200: billingSummarySchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.billing.summary(request.user!);
    },
  );

  app.get(
    paymentsApiPaths.orders,
    {
      schema: {
        summary: "The signed-in user's orders, newest first",
        querystring: z.object(pageQuery),
        response: { 200: ordersResponseSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, per_page } = request.query;
      const { orders, total } = await payments.billing.ordersOf(
        request.user!.id,
        pageOf(request.query),
      );
      return { orders, total, page, perPage: per_page };
    },
  );

  app.get(
    '/users/:id/purchases',
    {
      schema: {
        summary: "A user's purchases (spec §7; the user themself or an admin)",
        params: userIdParamsSchema,
        querystring: z.object(pageQuery),
        response: { 200: ordersResponseSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const user = request.user!;
      if (user.id !== request.params.id && user.role !== 'admin') throw forbidden();
      void reply.header('cache-control', 'no-store');
      const { page, per_page } = request.query;
      const { orders, total } = await payments.billing.ordersOf(
        request.params.id,
        pageOf(request.query),
      );
      return { orders, total, page, perPage: per_page };
    },
  );

  app.get(
    '/api/me/orders/:id/receipt',
    {
      schema: {
        summary: 'Download the receipt of one of your orders (HTML)',
        params: idParams,
        response: { 200: z.string(), ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { filename, html } = await payments.invoices.receipt(request.user!, request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  app.post(
    '/api/me/orders/:id/receipt/email',
    {
      schema: {
        summary: 'E-mail the receipt of one of your orders to your address',
        params: idParams,
        response: { 202: z.object({ sent: z.literal(true) }), ...errors },
      },
      onRequest: app.requireUser,
      config: { rateLimit: rateLimits.payments.emailReceipt },
    },
    async (request, reply) => {
      await payments.invoices.emailReceipt(request.user!, request.params.id);
      return reply.status(202).send({ sent: true as const });
    },
  );
};
