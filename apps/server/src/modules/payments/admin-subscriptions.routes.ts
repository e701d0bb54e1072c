import { adminPaymentsEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { acting } from '../audit/acting.js';
import { toRefundRequest } from './order-view.js';
import type { PaymentsSetup } from './payments.js';
import { pageOf } from './route-schemas.js';

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

  route(
    app,
    adminPaymentsEndpoints.subscriptions,
    {
      schema: {
        summary: "Orders (the spec's subscriptions) with search, filters and pages",
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminSubscriptions.list(request.query),
  );

  route(
    app,
    adminPaymentsEndpoints.stats,
    {
      schema: {
        summary: 'Revenue and orders by plan over a period (test-mode orders earn nothing)',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminSubscriptions.stats(request.query.days),
  );

  route(
    app,
    adminPaymentsEndpoints.subscription,
    {
      schema: {
        summary: 'One order: buyer, credit lot, ledger rows and its webhooks',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminSubscriptions.detail(request.params.id),
  );

  route(
    app,
    adminPaymentsEndpoints.updateSubscription,
    {
      schema: {
        summary: "Set the admin's note on an order (the one thing an admin changes)",
      },
      onRequest: app.requireAdmin,
    },
    async (request) =>
      adminSubscriptions.updateNote(acting(request), request.params.id, request.body.note),
  );

  route(
    app,
    adminPaymentsEndpoints.cancel,
    {
      schema: {
        summary:
          "Refund the order, or amountCents of it, through its provider; unspent credits go in proportion when the provider's order_refunded arrives",
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
            request.body?.goodwill === true,
          ),
        ),
  );

  route(
    app,
    adminPaymentsEndpoints.credit,
    {
      schema: {
        summary: 'Credit an order held for review (its pack, or the credits given), with a reason',
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

  route(
    app,
    adminPaymentsEndpoints.approveRefundRequest,
    {
      schema: {
        summary:
          "Approve a buyer's refund request: the provider refunds the unused credits' share now (amountCents: the amount confirmed)",
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          toRefundRequest(
            await payments.refundRequests.approve(
              acting(request),
              request.params.id,
              request.body?.amountCents,
            ),
          ),
        ),
  );

  route(
    app,
    adminPaymentsEndpoints.declineRefundRequest,
    {
      schema: {
        summary: "Decline a buyer's refund request with a reason (mailed to the buyer)",
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

  route(
    app,
    adminPaymentsEndpoints.invoice,
    {
      schema: {
        summary: 'Download an invoice or credit note (PDF)',
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

  route(
    app,
    adminPaymentsEndpoints.paymentsStatus,
    {
      schema: {
        summary: 'Who sells, and whether the admin pages warn that the sandbox sells in production',
      },
      onRequest: app.requireAdmin,
    },
    async () => payments.status(),
  );

  route(
    app,
    adminPaymentsEndpoints.businessDetails,
    {
      schema: {
        summary: 'The seller on invoices (Admin → Settings → Business details)',
      },
      onRequest: app.requireAdmin,
    },
    async () => payments.businessDetails.get(),
  );

  route(
    app,
    adminPaymentsEndpoints.saveBusinessDetails,
    {
      schema: {
        summary: 'Set the seller on invoices (audited)',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => payments.businessDetails.save(acting(request), request.body),
  );

  route(
    app,
    adminPaymentsEndpoints.plans,
    {
      schema: {
        summary: 'Every plan, on sale or not, with what only the admin edits',
      },
      onRequest: app.requireAdmin,
    },
    async () => ({ plans: await adminPlans.list() }),
  );

  route(
    app,
    adminPaymentsEndpoints.updatePlan,
    {
      schema: {
        summary: 'Edit a plan; /pricing and the checkout use the change at once',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => adminPlans.edit(acting(request), request.params.id, request.body),
  );

  // The older operator's calls (issue 12), kept beside the subscriptions they mirror.
  route(
    app,
    adminPaymentsEndpoints.orders,
    {
      schema: {
        summary: 'Orders, newest first, with filters (admin)',
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

  route(
    app,
    adminPaymentsEndpoints.refundOrder,
    {
      schema: {
        summary:
          "Refund an order through its provider (credits go when the provider's order_refunded arrives)",
      },
      onRequest: app.requireAdmin,
    },
    // The same refund as POST /api/admin/subscriptions/{id}/cancel, audited alike.
    async (request, reply) =>
      reply.status(202).send(await adminSubscriptions.cancel(acting(request), request.params.id)),
  );
};
