import { sessionResponseSchema } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Accounts and sessions arrive with the accounts issue. Until then nobody can be signed in, and
// this endpoint says so truthfully, so the web app's session handling runs against the real shape.
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/session',
    { schema: { response: { 200: sessionResponseSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { user: null };
    },
  );
};
