import { paymentsEndpoints } from '@cutout/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../errors.js';
import { route } from '../../http/route.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { PaymentsSetup } from './payments.js';
import { pageOf } from './route-schemas.js';

// The buyer's billing: balance and usage, orders, invoices (PDF), refund requests and the
// billing details printed on invoices.

const pdfReply = (reply: FastifyReply, document: { filename: string; pdf: Buffer }) =>
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${document.filename}"`)
    .type('application/pdf')
    .send(document.pdf);

export const billingRoutes: FastifyPluginAsyncZod<{ payments: PaymentsSetup }> = async (
  app,
  { payments },
) => {
  route(
    app,
    paymentsEndpoints.billing,
    {
      schema: {
        summary: 'Balance, credit lots, usage from real jobs and purchases of the signed-in user',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.billing.summary(request.user!);
    },
  );

  route(
    app,
    paymentsEndpoints.orders,
    {
      schema: {
        summary: "The signed-in user's orders, newest first",
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

  route(
    app,
    paymentsEndpoints.userPurchases,
    {
      schema: {
        summary: "A user's purchases (spec §7; the user themself or an admin)",
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

  route(
    app,
    paymentsEndpoints.receipt,
    {
      schema: {
        summary: 'Download the invoice of one of your orders (PDF)',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      pdfReply(reply, await payments.invoices.receipt(request.user!, request.params.id)),
  );

  route(
    app,
    paymentsEndpoints.invoice,
    {
      schema: {
        summary: 'Download one of your invoices or credit notes (PDF)',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      pdfReply(reply, await payments.invoices.forBuyer(request.user!, request.params.id)),
  );

  route(
    app,
    paymentsEndpoints.emailReceipt,
    {
      schema: {
        summary:
          'E-mail the invoice of one of your orders to your address; says whether it was sent or only queued in the outbox',
      },
      onRequest: app.requireUser,
      config: { rateLimit: rateLimits.payments.emailReceipt },
    },
    async (request) => {
      const delivery = await payments.invoices.emailReceipt(request.user!, request.params.id);
      return { sent: delivery === 'sent', delivery };
    },
  );

  route(
    app,
    paymentsEndpoints.refundRequest,
    {
      schema: {
        summary:
          'Ask for the unused credits of a pack to be refunded (within 30 days of purchase; an admin decides)',
      },
      onRequest: app.requireUser,
      config: { rateLimit: rateLimits.payments.refundRequest },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await payments.refundRequests.request(
            request.user!,
            request.params.id,
            request.body.reason,
          ),
        ),
  );

  route(
    app,
    paymentsEndpoints.billingProfile,
    {
      schema: {
        summary: 'Your billing details printed on invoices',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.billingProfiles.get(request.user!.id);
    },
  );

  route(
    app,
    paymentsEndpoints.saveBillingProfile,
    {
      schema: {
        summary: 'Set your billing details (name or company, address, VAT number)',
      },
      onRequest: app.requireUser,
    },
    async (request) => payments.billingProfiles.save(request.user!.id, request.body),
  );
};
