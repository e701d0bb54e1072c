import { apiKeysEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import type { Db } from '../../db/database.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

// The signed-in user's API keys (/dashboard/settings). Session only: a key cannot mint keys.

export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(
    app,
    apiKeysEndpoints.list,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['api keys'],
        summary: "The signed-in user's API keys (name, prefix, created, last used)",
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { keys: await listApiKeys(db, request.user!.id) };
    },
  );

  route(
    app,
    apiKeysEndpoints.create,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key; the whole key is in this answer only',
      },
    },
    async (request, reply) => {
      const created = await createApiKey(db, request.user!.id, request.body.name);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  route(
    app,
    apiKeysEndpoints.revoke,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['api keys'],
        summary: 'Revoke an API key: calls with it are refused from now on',
      },
    },
    async (request, reply) => {
      await revokeApiKey(db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
