import {
  adminPlanSchema,
  adminPlansResponseSchema,
  adminSubscriptionDetailSchema,
  adminSubscriptionSchema,
  adminSubscriptionsApiPaths,
  adminSubscriptionsQuerySchema,
  adminSubscriptionsResponseSchema,
  adminSubscriptionStatsQuerySchema,
  adminSubscriptionStatsSchema,
  businessDetailsSchema,
  creditOrderBodySchema,
  declineRefundRequestBodySchema,
  invoicesApiPaths,
  ordersResponseSchema,
  orderSchema,
  paymentsStatusSchema,
  refundOrderBodySchema,
  refundRequestSchema,
  updateAdminPlanBodySchema,
  updateAdminSubscriptionBodySchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting } from '../audit/acting.js';
import { toRefundRequest } from './order-view.js';
import type { PaymentsSetup } from './payments.js';
import { paymentsServerPaths } from './payments.paths.js';
import { errors, idParams, pageOf, pageQuery } from './route-schemas.js';

// Spec §7's admin subscriptions calls under the API prefix (docs/decisions/0089, 0104), the
// older admin orders calls, and the plans the admin edits (0105). Admin only
// (route-guards.test.ts); writes are audited.

export const adminSubscriptionsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsSetup;
}> = async (app, { payments }) => {
  const { adminSubscriptions, adminPlans } = payments;
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.get(
    adminSubscriptionsApiPaths.subscriptions,
    {
      schema: {
        summary: "Orders (the spec's subscriptions) with search, filters and pages",
        querystring: adminSubscriptionsQuerySchema,
        response: { 200: adminSubscriptionsResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminSubscriptions.list(request.query),
  );

  app.get(
    adminSubscriptionsApiPaths.stats,
    {
      schema: {
        summary: 'Revenue and orders by plan over a period (test-mode orders earn nothing)',
        querystring: adminSubscriptionStatsQuerySchema,
        response: { 200: adminSubscriptionStatsSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminSubscriptions.stats(request.query.days),
  );

  app.get(
    '/api/admin/subscriptions/:id',
    {
      schema: {
        summary: 'One order: buyer, credit lot, ledger rows and its webhooks',
        params: idParams,
        response: { 200: adminSubscriptionDetailSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminSubscriptions.detail(request.params.id),
  );

  app.put(
    '/api/admin/subscriptions/:id',
    {
      schema: {
        summary: "Set the admin's note on an order (the one thing an admin changes)",
        params: idParams,
        body: updateAdminSubscriptionBodySchema,
        response: { 200: adminSubscriptionSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) =>
      adminSubscriptions.updateNote(acting(request), request.params.id, request.body.note),
  );

  app.post(
    '/api/admin/subscriptions/:id/cancel',
    {
      schema: {
        summary:
          "Refund the order, or amountCents of it, through its provider; unspent credits go in proportion when the provider's order_refunded arrives",
        params: idParams,
        body: z.nullish(refundOrderBodySchema),
        response: { 202: adminSubscriptionSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await adminSubscriptions.cancel(
            acting(request),
            request.params.id,
            request.body?.amountCents,
          ),
        ),
  );

  app.post(
    '/api/admin/subscriptions/:id/credit',
    {
      schema: {
        summary: 'Credit an order held for review (its pack, or the credits given), with a reason',
        params: idParams,
        body: creditOrderBodySchema,
        response: { 200: adminSubscriptionSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) =>
      adminSubscriptions.credit(
        acting(request),
        request.params.id,
        request.body.credits,
        request.body.reason,
      ),
  );

  app.post(
    '/api/admin/refund-requests/:id/approve',
    {
      schema: {
        summary: "Approve a buyer's refund request: the provider refunds its amount",
        params: idParams,
        response: { 202: refundRequestSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          toRefundRequest(
            await payments.refundRequests.approve(acting(request), request.params.id),
          ),
        ),
  );

  app.post(
    '/api/admin/refund-requests/:id/decline',
    {
      schema: {
        summary: "Decline a buyer's refund request with a reason (mailed to the buyer)",
        params: idParams,
        body: declineRefundRequestBodySchema,
        response: { 200: refundRequestSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) =>
      toRefundRequest(
        await payments.refundRequests.decline(
          acting(request),
          request.params.id,
          request.body.reason,
        ),
      ),
  );

  app.get(
    '/api/admin/invoices/:id',
    {
      schema: {
        summary: 'Download an invoice or credit note (PDF)',
        params: idParams,
        response: { 200: z.any(), ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { filename, pdf } = await payments.invoices.forAdmin(request.params.id);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type('application/pdf')
        .send(pdf);
    },
  );

  app.get(
    adminSubscriptionsApiPaths.paymentsStatus,
    {
      schema: {
        summary: 'Who sells, and whether the admin pages warn that the sandbox sells in production',
        response: { 200: paymentsStatusSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async () => payments.status(),
  );

  app.get(
    invoicesApiPaths.businessDetails,
    {
      schema: {
        summary: 'The seller on invoices (Admin → Settings → Business details)',
        response: { 200: businessDetailsSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async () => payments.businessDetails.get(),
  );

  app.put(
    invoicesApiPaths.businessDetails,
    {
      schema: {
        summary: 'Set the seller on invoices (audited)',
        body: businessDetailsSchema,
        response: { 200: businessDetailsSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => payments.businessDetails.save(acting(request), request.body),
  );

  app.get(
    adminSubscriptionsApiPaths.plans,
    {
      schema: {
        summary: 'Every plan, on sale or not, with what only the admin edits',
        response: { 200: adminPlansResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async () => ({ plans: await adminPlans.list() }),
  );

  app.put(
    '/api/admin/plans/:id',
    {
      schema: {
        summary: 'Edit a plan; /pricing and the checkout use the change at once',
        params: idParams,
        body: updateAdminPlanBodySchema,
        response: { 200: adminPlanSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminPlans.edit(acting(request), request.params.id, request.body),
  );

  // The older operator's calls (issue 12), kept beside the subscriptions they mirror.
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
      const { orders, total } = await payments.orders.list(
        {
          ...(status ? { status } : {}),
          ...(provider ? { provider } : {}),
          ...(user_id ? { userId: user_id } : {}),
          ...(search ? { search } : {}),
        },
        pageOf(request.query),
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
      reply.status(202).send(await adminSubscriptions.cancel(acting(request), request.params.id)),
  );
};
