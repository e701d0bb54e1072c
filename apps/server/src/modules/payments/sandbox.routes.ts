import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { PaymentsSetup } from './payments.js';
import { idParams } from './route-schemas.js';
import { sandboxCheckoutPage } from './sandbox-page.js';

// The sandbox provider's hosted checkout pages (docs/decisions/0072): plain HTML and forms.

export const sandboxRoutes: FastifyPluginAsyncZod<{ payments: PaymentsSetup }> = async (
  app,
  { payments },
) => {
  const { sandbox } = payments;
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The sandbox exists only while it is the provider selling (Admin → Integrations may
    // switch provider at any time, decision 0108).
    scope.addHook('onRequest', async () => {
      if ((await payments.sellingNow()).provider !== 'sandbox') {
        throw notFound('This checkout does not exist.');
      }
    });
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
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
          .send(sandboxCheckoutPage(checkout));
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
};
