import {
  databaseConnectionBodySchema,
  databaseConnectionListSchema,
  databaseConfigTexts,
  databaseConnectionParamsSchema,
  databaseConnectionResponseSchema,
  databaseConnectionsApiPaths as api,
  databaseQueryBodySchema,
  databaseQueryResultSchema,
  databaseStatusSchema,
  databaseTablesSchema,
  databaseTestResultSchema,
  databaseTexts,
  errorResponses,
  messageResponseSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acting } from '../audit/acting.js';
import type { DatabaseConnections } from './database-connections.service.js';

// Admin → Database management (spec §2): connections, Test, Connect/Disconnect, Status, Query,
// Tables. Admin only, every one.

const errors = errorResponses(400, 401, 403, 404, 409, 422);

export const databaseConnectionsRoutes: FastifyPluginAsyncZod<{
  connections: DatabaseConnections;
}> = async (app, { connections }) => {
  const guard = { onRequest: app.requireAdmin };
  // The contracts' builders encode their argument; Fastify wants the bare ':id' parameter.
  const route = (build: (id: string) => string) => build(':id').replace('%3Aid', ':id');

  app.get(
    api.connections,
    {
      schema: {
        summary: 'Stored database connections (passwords masked)',
        response: { 200: databaseConnectionListSchema, ...errors },
      },
      ...guard,
    },
    async () => ({ connections: await connections.list() }),
  );

  app.post(
    api.connections,
    {
      schema: {
        summary: 'Store a connection (inactive); blank fields take the defaults of its type',
        body: databaseConnectionBodySchema,
        response: { 201: databaseConnectionResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const connection = await connections.create(request.body, acting(request));
      return reply.status(201).send({ connection, message: databaseTexts.connectionSaved });
    },
  );

  app.put(
    route(api.connection),
    {
      schema: {
        summary: 'Change a connection; a blank password keeps the stored one',
        params: databaseConnectionParamsSchema,
        body: databaseConnectionBodySchema,
        response: { 200: databaseConnectionResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => ({
      connection: await connections.update(request.params.id, request.body, acting(request)),
      message: databaseTexts.connectionUpdated,
    }),
  );

  app.delete(
    route(api.connection),
    {
      schema: {
        summary: 'Delete a connection (the active one is disconnected first)',
        params: databaseConnectionParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      await connections.remove(request.params.id, acting(request));
      return { message: databaseConfigTexts.connectionDeleted };
    },
  );

  app.post(
    route(api.copy),
    {
      schema: {
        summary: "Copy a connection: an inactive '{name} (Copy)'",
        params: databaseConnectionParamsSchema,
        response: { 201: databaseConnectionResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const connection = await connections.copy(request.params.id, acting(request));
      return reply.status(201).send({ connection, message: databaseTexts.connectionDuplicated });
    },
  );

  app.post(
    route(api.test),
    {
      schema: {
        summary: 'Connect with the connection’s timeout, one round trip, and say how it went',
        params: databaseConnectionParamsSchema,
        response: { 200: databaseTestResultSchema, ...errors },
      },
      ...guard,
    },
    async (request) => connections.test(request.params.id),
  );

  app.post(
    route(api.connect),
    {
      schema: {
        summary: 'Make this the one active connection (opens its pool)',
        params: databaseConnectionParamsSchema,
        response: { 200: databaseStatusSchema, ...errors },
      },
      ...guard,
    },
    async (request) => connections.connect(request.params.id, acting(request)),
  );

  app.post(
    api.disconnect,
    {
      schema: {
        summary: 'Disconnect the active connection',
        response: { 200: databaseStatusSchema, ...errors },
      },
      ...guard,
    },
    async (request) => connections.disconnect(acting(request)),
  );

  app.get(
    api.status,
    {
      schema: {
        summary: 'Status of the active connection, measured now',
        response: { 200: databaseStatusSchema, ...errors },
      },
      ...guard,
    },
    async () => connections.status(),
  );

  app.post(
    api.query,
    {
      schema: {
        summary:
          'Run one statement on the active connection: read-only unless the connection allows writes, and then a write runs only with confirmWrite; at most 1,000 rows and 4 MB; audited',
        body: databaseQueryBodySchema,
        response: { 200: databaseQueryResultSchema, ...errors },
      },
      ...guard,
    },
    async (request) =>
      connections.query(request.body.query, acting(request), {
        confirmWrite: request.body.confirmWrite === true,
      }),
  );

  app.get(
    api.tables,
    {
      schema: {
        summary: 'Tables and views of the active connection, from its catalogue',
        response: { 200: databaseTablesSchema, ...errors },
      },
      ...guard,
    },
    async () => ({ tables: await connections.tables() }),
  );
};
