import {
  databaseConnectionsEndpoints as api,
  type DatabaseConnectionBody,
} from '@cutout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The admin database API (one server module: database-connections), typed by the contracts.

export const databaseQueryKey = ['admin', 'database'] as const;

/** GET /api/admin/database/connections */
export const connectionsQueryOptions = queryOptions({
  queryKey: [...databaseQueryKey, 'connections'],
  queryFn: ({ signal }) => apiClient.call(api.list, { signal }),
});

/** GET /api/admin/database/status: measured by the server on every call. */
export const statusQueryOptions = queryOptions({
  queryKey: [...databaseQueryKey, 'status'],
  queryFn: ({ signal }) => apiClient.call(api.status, { signal }),
});

/** GET /api/admin/database/tables */
export const tablesQueryOptions = queryOptions({
  queryKey: [...databaseQueryKey, 'tables'],
  queryFn: ({ signal }) => apiClient.call(api.tables, { signal }),
});

export const createConnection = (body: DatabaseConnectionBody) =>
  apiClient.call(api.create, { body });

export const updateConnection = (id: string, body: DatabaseConnectionBody) =>
  apiClient.call(api.update, { params: { id }, body });

export const deleteConnection = (id: string) => apiClient.call(api.remove, { params: { id } });

export const copyConnection = (id: string) => apiClient.call(api.copy, { params: { id } });

export const testConnection = (id: string) => apiClient.call(api.test, { params: { id } });

export const connect = (id: string) => apiClient.call(api.connect, { params: { id } });

export const disconnect = () => apiClient.call(api.disconnect, {});

/** POST /api/admin/database/query; `confirmWrite` after the admin said yes to a write. */
export const runQuery = (query: string, confirmWrite?: boolean) =>
  apiClient.call(api.query, {
    body: { query, ...(confirmWrite ? { confirmWrite: true } : {}) },
  });
