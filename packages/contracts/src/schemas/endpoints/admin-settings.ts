import * as z from 'zod/mini';
import { backupsApi, databaseConnectionsApi, integrationsApi } from '../../app-api-routes.js';
import { backupNameParamsSchema, backupStartedSchema, backupsViewSchema } from '../backups.js';
import { messageResponseSchema } from '../accounts.js';
import {
  databaseConnectionBodySchema,
  databaseConnectionListSchema,
  databaseConnectionParamsSchema,
  databaseConnectionResponseSchema,
  databaseQueryBodySchema,
  databaseQueryResultSchema,
  databaseStatusSchema,
  databaseTablesSchema,
  databaseTestResultSchema,
} from '../database-connections.js';
import {
  integrationCheckResultSchema,
  integrationsSaveBodySchema,
  integrationsSaveResponseSchema,
  integrationsViewSchema,
} from '../integrations.js';
import { endpoint } from '../endpoint.js';

// Admin → Database management and Admin → Integration settings (decision 0220).

const errors = [400, 401, 403, 404, 409, 422] as const;
const params = databaseConnectionParamsSchema;
const backupErrors = [400, 401, 403, 409, 413, 422] as const;

export const databaseConnectionsEndpoints = {
  list: endpoint(databaseConnectionsApi.list, {
    responses: { 200: databaseConnectionListSchema },
    errors,
  }),
  create: endpoint(databaseConnectionsApi.create, {
    body: databaseConnectionBodySchema,
    responses: { 201: databaseConnectionResponseSchema },
    errors,
  }),
  update: endpoint(databaseConnectionsApi.update, {
    params,
    body: databaseConnectionBodySchema,
    responses: { 200: databaseConnectionResponseSchema },
    errors,
  }),
  remove: endpoint(databaseConnectionsApi.remove, {
    params,
    responses: { 200: messageResponseSchema },
    errors,
  }),
  copy: endpoint(databaseConnectionsApi.copy, {
    params,
    responses: { 201: databaseConnectionResponseSchema },
    errors,
  }),
  test: endpoint(databaseConnectionsApi.test, {
    params,
    responses: { 200: databaseTestResultSchema },
    errors,
  }),
  connect: endpoint(databaseConnectionsApi.connect, {
    params,
    responses: { 200: databaseStatusSchema },
    errors,
  }),
  disconnect: endpoint(databaseConnectionsApi.disconnect, {
    responses: { 200: databaseStatusSchema },
    errors,
  }),
  status: endpoint(databaseConnectionsApi.status, {
    responses: { 200: databaseStatusSchema },
    errors,
  }),
  query: endpoint(databaseConnectionsApi.query, {
    body: databaseQueryBodySchema,
    responses: { 200: databaseQueryResultSchema },
    errors,
  }),
  tables: endpoint(databaseConnectionsApi.tables, {
    responses: { 200: databaseTablesSchema },
    errors,
  }),
  /** Answers the dump file itself (decision 0269). */
  backup: endpoint(databaseConnectionsApi.backup, {
    responses: { 200: z.any() },
    errors: backupErrors,
  }),
  /** Multipart: `file` and `confirmation` (the database's name); read by the route. */
  restore: endpoint(databaseConnectionsApi.restore, {
    responses: { 200: messageResponseSchema },
    errors: backupErrors,
  }),
};

const integrationErrors = [400, 401, 403] as const;

export const integrationsEndpoints = {
  settings: endpoint(integrationsApi.settings, {
    responses: { 200: integrationsViewSchema },
    errors: integrationErrors,
  }),
  save: endpoint(integrationsApi.save, {
    body: integrationsSaveBodySchema,
    responses: { 200: integrationsSaveResponseSchema },
    errors: integrationErrors,
  }),
  testEmail: endpoint(integrationsApi.testEmail, {
    responses: { 200: integrationCheckResultSchema },
    errors: integrationErrors,
  }),
  checkPaymentProvider: endpoint(integrationsApi.checkPaymentProvider, {
    responses: { 200: integrationCheckResultSchema },
    errors: integrationErrors,
  }),
};

/** Admin → Settings → Backups (decision 0268). */
export const backupsEndpoints = {
  list: endpoint(backupsApi.list, { responses: { 200: backupsViewSchema }, errors }),
  create: endpoint(backupsApi.create, { responses: { 202: backupStartedSchema }, errors }),
  /** The archive itself (application/zip), streamed. */
  download: endpoint(backupsApi.download, { params: backupNameParamsSchema }),
  remove: endpoint(backupsApi.remove, {
    params: backupNameParamsSchema,
    responses: { 200: messageResponseSchema },
    errors,
  }),
};
