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
  errorBodySchema,
  updateAdminPlanBodySchema,
  updateAdminSubscriptionBodySchema,
} from '@cutout/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editPlan, listEditablePlans } from './admin-plans.service.js';
import {
  cancelSubscription,
  listSubscriptions,
  subscriptionDetail,
  subscriptionStats,
  updateSubscriptionNote,
  type Acting,
} from './admin-subscriptions.service.js';
import type { PaymentsService } from './payments.service.js';

// Spec §7's admin subscriptions calls under the API prefix (docs/decisions/0089, 0104) and the
// plans the admin edits (0105). Admin only (route-guards.test.ts); writes are audited.

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

export const acting = (request: FastifyRequest): Acting => ({
  actor: { id: request.user!.id, email: request.user!.email },
  ip: request.ip,
});

export const adminSubscriptionsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
}> = async (app, { payments }) => {
  const { db } = payments;
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
    async (request) => listSubscriptions(payments, request.query),
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
    async (request) => subscriptionStats(db, request.query.days),
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
    async (request) => subscriptionDetail(payments, request.params.id),
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
      updateSubscriptionNote(db, acting(request), request.params.id, request.body.note),
  );

  app.post(
    '/api/admin/subscriptions/:id/cancel',
    {
      schema: {
        summary:
          "Refund the order through its provider; the unspent credits go when the provider's order_refunded arrives",
        params: idParams,
        response: { 202: adminSubscriptionSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await cancelSubscription(payments, acting(request), request.params.id)),
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
    async () => ({ plans: await listEditablePlans(db) }),
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
    async (request) => editPlan(db, acting(request), request.params.id, request.body),
  );
};
