import { adminPaymentsEndpoints, paymentsEndpoints } from '@cutout/contracts';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentsSetup } from './payments.js';
import { pageOf } from './route-schemas.js';

// The providers' webhooks, and the admin's list and replay of those received.

/**
 * A provider's webhook is a few KB (Lemon Squeezy's order_created with its URLs and custom
 * data: about 3 KB); anything much larger is refused before it is read whole (decision 0122).
 */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const webhooksRoutes: FastifyPluginAsyncZod<{ payments: PaymentsSetup }> = async (
  app,
  { payments },
) => {
  // The raw body is what the signature covers, so it is read as bytes here.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(
      scope,
      paymentsEndpoints.webhook,
      {
        schema: {
          summary:
            'Payment provider webhooks (Lemon Squeezy format, X-Signature HMAC-SHA256; at most 64 KB)',
        },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: { rateLimit: rateLimits.payments.webhook },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await payments.webhooks.receive(
          request.params.provider,
          raw,
          request.headers,
        );
        if (result.status === 404) throw notFound('There is no such payment provider.');
        if (result.status === 200) return { received: true as const, outcome: result.outcome };
        const code =
          result.status === 401
            ? 'unauthorized'
            : result.status === 400
              ? 'validation_failed'
              : 'internal';
        // receive() answers 200, 400, 401, 404 or 500; the last three are handled above or here.
        return reply
          .status(result.status as 400 | 401 | 500)
          .send({ error: { code, message: result.detail ?? 'Webhook refused.' } });
      },
    );
  });

  route(
    app,
    adminPaymentsEndpoints.webhookEvents,
    {
      schema: {
        summary: 'Webhooks received, newest first, with headers, body and outcome (admin)',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { provider, outcome, order } = request.query;
      return payments.webhooks.list(
        {
          ...(provider ? { provider } : {}),
          ...(outcome ? { outcome } : {}),
          ...(order ? { providerOrderId: order } : {}),
        },
        pageOf(request.query),
      );
    },
  );

  route(
    app,
    adminPaymentsEndpoints.replayWebhookEvent,
    {
      schema: { summary: 'Apply a stored webhook again (admin; idempotent)' },
      onRequest: app.requireAdmin,
    },
    async (request) => payments.webhooks.replay(request.params.id),
  );
};
