import {
  billingSummarySchema,
  checkoutStatusSchema,
  createCheckoutBodySchema,
  createCheckoutResponseSchema,
  errorBodySchema,
  limits,
  orderSchema,
  ordersResponseSchema,
  paymentsApiPaths,
  plansResponseSchema,
  userIdParamsSchema,
  webhookEventSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../errors.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import { acting } from './admin-subscriptions.routes.js';
import { cancelSubscription } from './admin-subscriptions.service.js';
import type { PaymentsService } from './payments.service.js';
import { paymentsServerPaths } from './payments.paths.js';
import { listPlans } from './plans.service.js';
import type { SandboxProvider } from './providers/sandbox.js';
import { sandboxCheckoutPage } from './sandbox-page.js';

// Payments over HTTP: plans, checkouts, the buyer's orders and receipts, the providers'
// webhooks, the sandbox provider's checkout page, and the operator's calls (admin only).

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
};

const idParams = z.object({ id: z.string().min(1).max(100) });
const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(limits.purchasesPageSize),
};

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  sandbox: SandboxProvider | null;
}

export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { payments, sandbox },
) => {
  const { db } = payments;

  app.get(
    paymentsApiPaths.plans,
    {
      schema: {
        summary: 'The plans on sale (from the database) and who sells them',
        response: { 200: plansResponseSchema },
      },
    },
    async () => ({
      plans: (await listPlans(db, { activeOnly: true })).map(
        ({ active: _a, priceCents: _p, validityDays: _v, lemonSqueezyVariantId: _l, ...plan }) =>
          plan,
      ),
      ...(await payments.activeProvider()),
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
      const created = await payments.createCheckout(request.user!, request.body.planId);
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
      return payments.checkoutStatus(request.user!, request.params.id);
    },
  );

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
      return payments.billingSummary(request.user!);
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
      const { orders, total } = await payments.ordersOf(request.user!.id, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
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
      const { orders, total } = await payments.ordersOf(request.params.id, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
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
      const { filename, html } = await payments.receipt(request.user!, request.params.id);
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
      await payments.emailReceipt(request.user!, request.params.id);
      return reply.status(202).send({ sent: true as const });
    },
  );

  // Webhooks: the raw body is what the signature covers, so it is read as bytes here.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/webhooks/:provider',
      {
        schema: {
          summary: 'Payment provider webhooks (Lemon Squeezy format, X-Signature HMAC-SHA256)',
          params: z.object({ provider: z.string().min(1).max(40) }),
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            ...errors,
            500: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await payments.receiveWebhook(request.params.provider, raw, request.headers);
        if (result.status === 200) return { received: true as const, outcome: result.outcome };
        const code =
          result.status === 401
            ? 'unauthorized'
            : result.status === 400
              ? 'validation_failed'
              : 'internal';
        return reply
          .status(result.status)
          .send({ error: { code, message: result.detail ?? 'Webhook refused.' } });
      },
    );
  });

  if (sandbox) {
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      // The sandbox exists only while it is the provider selling (Admin → Integrations may
      // switch provider at any time, decision 0108).
      scope.addHook('onRequest', async () => {
        if ((await payments.activeProvider()).provider !== 'sandbox') {
          throw notFound('This checkout does not exist.');
        }
      });
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) =>
          done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      const html = (page: string) => page;
      scope.get(
        '/api/payments/sandbox/checkouts/:id',
        {
          schema: { summary: "The sandbox provider's checkout page (test mode)", params: idParams },
        },
        async (request, reply) => {
          const checkout = await sandbox.checkout(request.params.id);
          return reply
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(html(sandboxCheckoutPage(checkout)));
        },
      );
      const form = z.object({
        card: z.string().max(40).default(''),
        expiry: z.string().max(10).default(''),
        cvc: z.string().max(10).default(''),
      });
      scope.post(
        '/api/payments/sandbox/checkouts/:id/pay',
        {
          schema: {
            summary: 'Pay a sandbox checkout with a test card',
            params: idParams,
            body: form,
          },
          config: { rateLimit: rateLimits.payments.sandboxPay },
        },
        async (request, reply) => {
          const result = await sandbox.pay(request.params.id, request.body);
          if (result.outcome === 'paid') return reply.redirect(result.redirectUrl, 303);
          const checkout = await sandbox.checkout(request.params.id);
          return reply
            .status(result.outcome === 'declined' ? 402 : 422)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(
              sandboxCheckoutPage(checkout, {
                error: result.message,
                ...(result.field ? { field: result.field } : {}),
                card: request.body.card,
                expiry: request.body.expiry,
              }),
            );
        },
      );
      scope.post(
        '/api/payments/sandbox/checkouts/:id/cancel',
        { schema: { summary: 'Leave a sandbox checkout without paying', params: idParams } },
        async (request, reply) => reply.redirect(await sandbox.cancel(request.params.id), 303),
      );
    });
  }

  // The operator's calls (issue 14 builds its pages on these).
  app.get(
    paymentsServerPaths.adminOrders,
    {
      schema: {
        summary: 'Orders, newest first, with filters (admin)',
        querystring: z.object({
          ...pageQuery,
          status: z.enum(['paid', 'refunded']).optional(),
          provider: z.string().max(40).optional(),
          user_id: z.string().max(100).optional(),
          search: z.string().max(200).optional(),
        }),
        response: { 200: ordersResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { page, per_page, status, provider, user_id, search } = request.query;
      const { orders, total } = await payments.listOrders(
        {
          ...(status ? { status } : {}),
          ...(provider ? { provider } : {}),
          ...(user_id ? { userId: user_id } : {}),
          ...(search ? { search } : {}),
        },
        { limit: per_page, offset: (page - 1) * per_page },
      );
      return { orders, total, page, perPage: per_page };
    },
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      schema: {
        summary:
          "Refund an order through its provider (credits go when the provider's order_refunded arrives)",
        params: idParams,
        response: { 202: orderSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    // The same refund as POST /api/admin/subscriptions/{id}/cancel, audited alike.
    async (request, reply) =>
      reply
        .status(202)
        .send(await cancelSubscription(payments, acting(request), request.params.id)),
  );

  app.get(
    paymentsServerPaths.adminWebhookEvents,
    {
      schema: {
        summary: 'Webhooks received, newest first, with headers, body and outcome (admin)',
        querystring: z.object({
          ...pageQuery,
          provider: z.string().max(40).optional(),
          outcome: z.string().max(40).optional(),
          order: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({ events: z.array(webhookEventSchema), total: z.number().int() }),
          ...errors,
        },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { page, per_page, provider, outcome, order } = request.query;
      return payments.listWebhookEvents(
        {
          ...(provider ? { provider } : {}),
          ...(outcome ? { outcome } : {}),
          ...(order ? { providerOrderId: order } : {}),
        },
        { limit: per_page, offset: (page - 1) * per_page },
      );
    },
  );

  app.post(
    '/api/admin/webhook-events/:id/replay',
    {
      schema: {
        summary: 'Apply a stored webhook again (admin; idempotent)',
        params: idParams,
        response: { 200: webhookEventSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => payments.replayWebhookEvent(request.params.id),
  );
};
