import { paymentsEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { PaymentsSetup } from './payments.js';
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
    route(
      scope,
      paymentsEndpoints.sandboxCheckout,
      { schema: { summary: "The sandbox provider's checkout page (test mode)" } },
      async (request, reply) => {
        const checkout = await sandbox.checkout(request.params.id);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(sandboxCheckoutPage(checkout));
      },
    );
    route(
      scope,
      paymentsEndpoints.sandboxPay,
      {
        schema: { summary: 'Pay a sandbox checkout with a test card' },
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
    route(
      scope,
      paymentsEndpoints.sandboxCancel,
      { schema: { summary: 'Leave a sandbox checkout without paying' } },
      async (request, reply) => reply.redirect(await sandbox.cancel(request.params.id), 303),
    );
  });
};
