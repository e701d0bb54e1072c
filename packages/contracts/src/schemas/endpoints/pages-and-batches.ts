import * as z from 'zod/mini';
import { batchesApi, pagesApi } from '../../app-api-routes.js';
import { batchItemSchema, batchListSchema, batchSchema, runBatchBodySchema } from '../batches.js';
import {
  pageBodySchema,
  pageIdParamsSchema,
  pageListQuerySchema,
  pageListResponseSchema,
  pageSchema,
  pageSlugParamsSchema,
  pageSlugQuerySchema,
  pageStatsSchema,
  publicPageSchema,
} from '../pages.js';
import { endpoint } from '../endpoint.js';

// pages (the CMS) and batches (the dashboard's Batch tab), decision 0220.

const pageErrors = [400, 401, 403, 404, 409] as const;

export const pagesEndpoints = {
  list: endpoint(pagesApi.list, {
    query: pageListQuerySchema,
    responses: { 200: pageListResponseSchema },
    errors: pageErrors,
  }),
  stats: endpoint(pagesApi.stats, { responses: { 200: pageStatsSchema }, errors: pageErrors }),
  bySlug: endpoint(pagesApi.bySlug, {
    params: pageSlugParamsSchema,
    query: pageSlugQuerySchema,
    responses: { 200: publicPageSchema },
    errors: pageErrors,
  }),
  page: endpoint(pagesApi.page, {
    params: pageIdParamsSchema,
    responses: { 200: pageSchema },
    errors: pageErrors,
  }),
  create: endpoint(pagesApi.create, {
    body: pageBodySchema,
    responses: { 201: pageSchema },
    errors: pageErrors,
  }),
  update: endpoint(pagesApi.update, {
    params: pageIdParamsSchema,
    body: pageBodySchema,
    responses: { 200: pageSchema },
    errors: pageErrors,
  }),
  remove: endpoint(pagesApi.remove, {
    params: pageIdParamsSchema,
    responses: { 204: z.null() },
    errors: pageErrors,
  }),
};

const batchErrors = [400, 401, 402, 404, 409] as const;
const batchParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
const itemParams = z.extend(batchParams, {
  itemId: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const batchesEndpoints = {
  list: endpoint(batchesApi.list, { responses: { 200: batchListSchema }, errors: batchErrors }),
  create: endpoint(batchesApi.create, {
    body: runBatchBodySchema,
    responses: { 201: batchSchema },
    errors: batchErrors,
  }),
  batch: endpoint(batchesApi.batch, {
    params: batchParams,
    responses: { 200: batchSchema },
    errors: batchErrors,
  }),
  remove: endpoint(batchesApi.remove, {
    params: batchParams,
    responses: { 204: z.null().check(z.describe('Deleted')) },
    errors: batchErrors,
  }),
  run: endpoint(batchesApi.run, {
    params: batchParams,
    body: runBatchBodySchema,
    responses: { 200: batchSchema },
    errors: batchErrors,
  }),
  removeItem: endpoint(batchesApi.removeItem, {
    params: itemParams,
    responses: { 200: batchSchema },
    errors: batchErrors,
  }),
  /** Multipart: one image in the field "file". */
  uploadItem: endpoint(batchesApi.uploadItem, {
    params: itemParams,
    responses: { 202: batchItemSchema },
  }),
  /** Answers the zip. */
  download: endpoint(batchesApi.download, { params: batchParams }),
};
