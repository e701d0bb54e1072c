import * as z from 'zod/mini';
import { jobsApi } from '../../app-api-routes.js';
import { jobVariants } from '../../jobs.js';
import { historyQuerySchema, historyResponseSchema } from '../history.js';
import { editorConfigSchema, jobSchema, removeBackgroundResponseSchema } from '../jobs.js';
import { endpoint } from '../endpoint.js';

// jobs: background removal in the editor, the stored files, touch-ups, the export and the
// history (decision 0220). A job is created from multipart form data or JSON, which the route
// reads itself (createJobJsonSchema); files and the event stream have no answer schema.

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** A stored file's query: a signed link's parts, and whether to download it. */
const fileQuery = z.object({
  download: z.optional(z.enum(['1', 'true', '0', 'false'])),
  expires: z.optional(z.coerce.number().check(z.int())),
  sig: z.optional(z.string().check(z.maxLength(128))),
  /** The result version the address was made for (a cache key only: the current one is served). */
  v: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
});

export const jobsEndpoints = {
  editorConfig: endpoint(jobsApi.editorConfig, { responses: { 200: editorConfigSchema } }),
  create: endpoint(jobsApi.create, { responses: { 202: jobSchema } }),
  job: endpoint(jobsApi.job, { params: idParams, responses: { 200: jobSchema } }),
  cancel: endpoint(jobsApi.cancel, { params: idParams, responses: { 200: jobSchema } }),
  events: endpoint(jobsApi.events, { params: idParams }),
  result: endpoint(jobsApi.result, {
    params: z.extend(idParams, { variant: z.enum(jobVariants) }),
    query: fileQuery,
  }),
  original: endpoint(jobsApi.original, { params: idParams, query: fileQuery }),
  /** Multipart: one PNG in the field "mask". */
  saveMask: endpoint(jobsApi.saveMask, { params: idParams, responses: { 200: jobSchema } }),
  resetMask: endpoint(jobsApi.resetMask, { params: idParams, responses: { 200: jobSchema } }),
  /** JSON or multipart; answers the image. */
  compose: endpoint(jobsApi.compose, { params: idParams }),
  removeBackground: endpoint(jobsApi.removeBackground, {
    responses: { 200: removeBackgroundResponseSchema },
  }),
  history: endpoint(jobsApi.history, {
    query: historyQuerySchema,
    responses: { 200: historyResponseSchema },
  }),
  deleteHistoryItem: endpoint(jobsApi.deleteHistoryItem, {
    params: idParams,
    responses: { 204: z.null() },
  }),
  thumbnail: endpoint(jobsApi.thumbnail, { params: idParams }),
};
