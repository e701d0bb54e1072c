import { newsletterEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import { confirm, subscribe, unsubscribe, type NewsletterDeps } from './newsletter.service.js';

// The blog's Subscribe box (spec §2 Blog) and the two links its confirmation mail carries
// (double opt-in, decision 0261). The links open /newsletter, whose button POSTs here, so a
// mail scanner following links neither confirms nor unsubscribes anyone.
export const newsletterRoutes: FastifyPluginAsyncZod<NewsletterDeps> = async (app, deps) => {
  route(
    app,
    newsletterEndpoints.subscribe,
    {
      schema: {
        summary:
          'Subscribe an e-mail address to new blog articles: a link to confirm is mailed to it (201 new, 200 already known)',
      },
      config: { rateLimit: rateLimits.newsletter },
    },
    async (request, reply) => {
      const { created, message } = await subscribe(deps, request.body.email, { ip: request.ip });
      return reply.status(created ? 201 : 200).send({ message });
    },
  );
  route(
    app,
    newsletterEndpoints.confirm,
    {
      schema: { summary: "Confirm a subscription with the token of the mail's link" },
      config: { rateLimit: rateLimits.newsletter },
    },
    async (request) => ({ message: await confirm(deps.db, request.body.token) }),
  );
  route(
    app,
    newsletterEndpoints.unsubscribe,
    {
      schema: { summary: "Remove an address from the list with the token of the mail's link" },
      config: { rateLimit: rateLimits.newsletter },
    },
    async (request) => ({ message: await unsubscribe(deps.db, request.body.token) }),
  );
};
