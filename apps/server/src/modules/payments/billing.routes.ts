import {
  billingProfileSchema,
  billingSummarySchema,
  emailReceiptResponseSchema,
  orderSchema,
  ordersResponseSchema,
  paymentsApiPaths,
  refundRequestBodySchema,
  userIdParamsSchema,
} from '@cutout/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { PaymentsSetup } from './payments.js';
import { errors, idParams, pageOf, pageQuery } from './route-schemas.js';

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
        summary: 'Download the invoice of one of your orders (PDF)',
        params: idParams,
        response: { 200: z.any(), ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      pdfReply(reply, await payments.invoices.receipt(request.user!, request.params.id)),
  );

  app.get(
    '/api/me/invoices/:id',
    {
      schema: {
        summary: 'Download one of your invoices or credit notes (PDF)',
        params: idParams,
        response: { 200: z.any(), ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      pdfReply(reply, await payments.invoices.forBuyer(request.user!, request.params.id)),
  );

  app.post(
    '/api/me/orders/:id/receipt/email',
    {
      schema: {
        summary:
          'E-mail the invoice of one of your orders to your address; says whether it was sent or only queued in the outbox',
        params: idParams,
        response: { 200: emailReceiptResponseSchema, ...errors },
      },
      onRequest: app.requireUser,
      config: { rateLimit: rateLimits.payments.emailReceipt },
    },
    async (request) => {
      const delivery = await payments.invoices.emailReceipt(request.user!, request.params.id);
      return { sent: delivery === 'sent', delivery };
    },
  );

  app.post(
    '/api/me/orders/:id/refund-request',
    {
      schema: {
        summary:
          'Ask for the unused credits of a pack to be refunded (within 30 days of purchase; an admin decides)',
        params: idParams,
        body: refundRequestBodySchema,
        response: { 201: orderSchema, ...errors },
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

  app.get(
    paymentsApiPaths.billingProfile,
    {
      schema: {
        summary: 'Your billing details printed on invoices',
        response: { 200: billingProfileSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return payments.billingProfiles.get(request.user!.id);
    },
  );

  app.put(
    paymentsApiPaths.billingProfile,
    {
      schema: {
        summary: 'Set your billing details (name or company, address, VAT number)',
        body: billingProfileSchema,
        response: { 200: billingProfileSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => payments.billingProfiles.save(request.user!.id, request.body),
  );
};
