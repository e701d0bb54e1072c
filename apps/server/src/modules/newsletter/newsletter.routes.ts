import { newsletterEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { route } from '../../http/route.js';
import { subscribe } from './newsletter.service.js';
import { rateLimits } from '../../plugins/rate-limits.js';

// POST /api/newsletter: the blog's Subscribe box (spec §2 Blog).
export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(
    app,
    newsletterEndpoints.subscribe,
    {
      schema: {
        summary:
          'Subscribe an e-mail address to new blog articles (201 new, 200 already subscribed)',
      },
      config: { rateLimit: rateLimits.newsletter },
    },
    async (request, reply) => {
      const { created, message } = await subscribe(db, request.body.email, { ip: request.ip });
      return reply.status(created ? 201 : 200).send({ message });
    },
  );
};
