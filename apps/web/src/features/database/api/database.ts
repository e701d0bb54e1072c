import {
  databaseConnectionListSchema,
  databaseConnectionResponseSchema,
  databaseConnectionsApiPaths as api,
  databaseQueryResultSchema,
  databaseStatusSchema,
  databaseTablesSchema,
  databaseTestResultSchema,
  messageResponseSchema,
  type DatabaseConnectionBody,
} from '@cutout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The admin database API (one server module: database-connections), typed by the contracts.

export const databaseQueryKey = ['admin', 'database'] as const;

/** GET /api/admin/database/connections */
export const connectionsQueryOptions = queryOptions({
  queryKey: [...databaseQueryKey, 'connections'],
  queryFn: ({ signal }) =>
    apiClient.get(api.connections, { schema: databaseConnectionListSchema, signal }),
});

/** GET /api/admin/database/status: measured by the server on every call. */
export const statusQueryOptions = queryOptions({
  queryKey: [...databaseQueryKey, 'status'],
  queryFn: ({ signal }) => apiClient.get(api.status, { schema: databaseStatusSchema, signal }),
});

/** GET /api/admin/database/tables */
export const tablesQueryOptions = queryOptions({
  queryKey: [...databaseQueryKey, 'tables'],
  queryFn: ({ signal }) => apiClient.get(api.tables, { schema: databaseTablesSchema, signal }),
});

export const createConnection = (body: DatabaseConnectionBody) =>
  apiClient.post(api.connections, body, { schema: databaseConnectionResponseSchema });

export const updateConnection = (id: string, body: DatabaseConnectionBody) =>
  apiClient.put(api.connection(id), body, { schema: databaseConnectionResponseSchema });

export const deleteConnection = (id: string) =>
  apiClient.delete(api.connection(id), { schema: messageResponseSchema });

export const copyConnection = (id: string) =>
  apiClient.post(api.copy(id), undefined, { schema: databaseConnectionResponseSchema });

export const testConnection = (id: string) =>
  apiClient.post(api.test(id), undefined, { schema: databaseTestResultSchema });

export const connect = (id: string) =>
  apiClient.post(api.connect(id), undefined, { schema: databaseStatusSchema });

export const disconnect = () =>
  apiClient.post(api.disconnect, undefined, { schema: databaseStatusSchema });

/** POST /api/admin/database/query; `confirmWrite` after the admin said yes to a write. */
export const runQuery = (query: string, confirmWrite?: boolean) =>
  apiClient.post(
    api.query,
    { query, ...(confirmWrite ? { confirmWrite: true } : {}) },
    { schema: databaseQueryResultSchema },
  );
