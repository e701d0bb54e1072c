import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeysApiPaths,
  createApiKeyBodySchema,
  createdApiKeySchema,
  errorResponses,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.js';

// The signed-in user's API keys (/dashboard/settings). Session only: a key cannot mint keys.

const errors = errorResponses(400, 401, 404, 409);

export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    apiKeysApiPaths.list,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['api keys'],
        summary: "The signed-in user's API keys (name, prefix, created, last used)",
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { keys: await listApiKeys(db, request.user!.id) };
    },
  );

  app.post(
    apiKeysApiPaths.list,
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key; the whole key is in this answer only',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(db, request.user!.id, request.body.name);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api/me/api-keys/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['api keys'],
        summary: 'Revoke an API key: calls with it are refused from now on',
        params: apiKeyIdParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errors },
      },
    },
    async (request, reply) => {
      await revokeApiKey(db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
