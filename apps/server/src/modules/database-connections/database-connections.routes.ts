import {
  databaseConfigTexts,
  databaseTexts,
  databaseConnectionsEndpoints,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { acting } from '../audit/acting.js';
import type { DatabaseConnections } from './database-connections.service.js';

// Admin → Database management (spec §2): connections, Test, Connect/Disconnect, Status, Query,
// Tables. Admin only, every one.

export const databaseConnectionsRoutes: FastifyPluginAsyncZod<{
  connections: DatabaseConnections;
}> = async (app, { connections }) => {
  const guard = { onRequest: app.requireAdmin };

  route(
    app,
    databaseConnectionsEndpoints.list,
    {
      schema: {
        summary: 'Stored database connections (passwords masked)',
      },
      ...guard,
    },
    async () => ({ connections: await connections.list() }),
  );

  route(
    app,
    databaseConnectionsEndpoints.create,
    {
      schema: {
        summary: 'Store a connection (inactive); blank fields take the defaults of its type',
      },
      ...guard,
    },
    async (request, reply) => {
      const connection = await connections.create(request.body, acting(request));
      return reply.status(201).send({ connection, message: databaseTexts.connectionSaved });
    },
  );

  route(
    app,
    databaseConnectionsEndpoints.update,
    {
      schema: {
        summary: 'Change a connection; a blank password keeps the stored one',
      },
      ...guard,
    },
    async (request) => ({
      connection: await connections.update(request.params.id, request.body, acting(request)),
      message: databaseTexts.connectionUpdated,
    }),
  );

  route(
    app,
    databaseConnectionsEndpoints.remove,
    {
      schema: {
        summary: 'Delete a connection (the active one is disconnected first)',
      },
      ...guard,
    },
    async (request) => {
      await connections.remove(request.params.id, acting(request));
      return { message: databaseConfigTexts.connectionDeleted };
    },
  );

  route(
    app,
    databaseConnectionsEndpoints.copy,
    {
      schema: {
        summary: "Copy a connection: an inactive '{name} (Copy)'",
      },
      ...guard,
    },
    async (request, reply) => {
      const connection = await connections.copy(request.params.id, acting(request));
      return reply.status(201).send({ connection, message: databaseTexts.connectionDuplicated });
    },
  );

  route(
    app,
    databaseConnectionsEndpoints.test,
    {
      schema: {
        summary: 'Connect with the connection’s timeout, one round trip, and say how it went',
      },
      ...guard,
    },
    async (request) => connections.test(request.params.id),
  );

  route(
    app,
    databaseConnectionsEndpoints.connect,
    {
      schema: {
        summary: 'Make this the one active connection (opens its pool)',
      },
      ...guard,
    },
    async (request) => connections.connect(request.params.id, acting(request)),
  );

  route(
    app,
    databaseConnectionsEndpoints.disconnect,
    {
      schema: {
        summary: 'Disconnect the active connection',
      },
      ...guard,
    },
    async (request) => connections.disconnect(acting(request)),
  );

  route(
    app,
    databaseConnectionsEndpoints.status,
    {
      schema: {
        summary: 'Status of the active connection, measured now',
      },
      ...guard,
    },
    async () => connections.status(),
  );

  route(
    app,
    databaseConnectionsEndpoints.query,
    {
      schema: {
        summary:
          'Run one statement on the active connection: read-only unless the connection allows writes, and then a write runs only with confirmWrite; at most 1,000 rows and 4 MB; audited',
      },
      ...guard,
    },
    async (request) =>
      connections.query(request.body.query, acting(request), {
        confirmWrite: request.body.confirmWrite === true,
      }),
  );

  route(
    app,
    databaseConnectionsEndpoints.tables,
    {
      schema: {
        summary: 'Tables and views of the active connection, from its catalogue',
      },
      ...guard,
    },
    async () => ({ tables: await connections.tables() }),
  );
};
