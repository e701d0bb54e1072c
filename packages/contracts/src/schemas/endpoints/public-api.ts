import * as z from 'zod/mini';
import { publicApi } from '../../public-api-routes.js';
import { jobSchema, usageSchema } from '../jobs.js';
import {
  jobsPageQuerySchema,
  jobsPageSchema,
  publicAccountSchema,
  publicRemoveResponseSchema,
  removeBgAccountSchema,
  removeBgErrorSchema,
  removeBgResponseSchema,
} from '../public-api.js';
import { endpoint } from '../endpoint.js';

// public-api (decision 0220): the processing call reads its image and fields itself (multipart,
// JSON or URL-encoded, remove.bg's names), so its contract has no body schema; it answers the
// image itself unless JSON is asked for. remove.bg's paths answer errors in remove.bg's own
// shape (`{ errors: [...] }`), so those are listed with their schema rather than as `errors`.

const removeBgError = removeBgErrorSchema;

export const publicApiEndpoints = {
  removeBackground: endpoint(publicApi.removeBackground, {
    responses: { 200: publicRemoveResponseSchema },
    errors: [400, 401, 402, 413, 415, 422, 429, 503],
  }),
  account: endpoint(publicApi.account, {
    responses: { 200: publicAccountSchema },
    errors: [401],
  }),
  usage: endpoint(publicApi.usage, { responses: { 200: usageSchema }, errors: [401] }),
  jobs: endpoint(publicApi.jobs, {
    query: jobsPageQuerySchema,
    responses: { 200: jobsPageSchema },
    errors: [400, 401],
  }),
  job: endpoint(publicApi.job, {
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    responses: { 200: jobSchema },
    errors: [400, 401, 404],
  }),
  removeBg: endpoint(publicApi.removeBg, {
    responses: {
      200: removeBgResponseSchema,
      400: removeBgError,
      401: removeBgError,
      402: removeBgError,
      403: removeBgError,
      429: removeBgError,
      503: removeBgError,
    },
  }),
  removeBgAccount: endpoint(publicApi.removeBgAccount, {
    responses: { 200: removeBgAccountSchema, 401: removeBgError, 403: removeBgError },
  }),
};
