import * as z from 'zod/mini';
import { contactApi, errorReportsApi, newsletterApi } from '../../api-routes.js';
import {
  contactBodySchema,
  contactResponseSchema,
  newsletterBodySchema,
  newsletterResponseSchema,
  newsletterTokenBodySchema,
} from '../contact.js';
import { errorReportSchema } from '../error-reports.js';

import { endpoint } from '../endpoint.js';

// The one-POST endpoints: contact, newsletter, error reports (decision 0220).

export const contactEndpoints = {
  send: endpoint(contactApi.send, {
    body: contactBodySchema,
    responses: { 201: contactResponseSchema },
    errors: [400, 429],
  }),
};

export const newsletterEndpoints = {
  subscribe: endpoint(newsletterApi.subscribe, {
    body: newsletterBodySchema,
    responses: { 200: newsletterResponseSchema, 201: newsletterResponseSchema },
    errors: [400, 429],
  }),
  confirm: endpoint(newsletterApi.confirm, {
    body: newsletterTokenBodySchema,
    responses: { 200: newsletterResponseSchema },
    errors: [400, 429],
  }),
  unsubscribe: endpoint(newsletterApi.unsubscribe, {
    body: newsletterTokenBodySchema,
    responses: { 200: newsletterResponseSchema },
    errors: [400, 429],
  }),
};

export const errorReportsEndpoints = {
  report: endpoint(errorReportsApi.report, {
    body: errorReportSchema,
    responses: { 202: z.object({ id: z.string() }) },
  }),
};
