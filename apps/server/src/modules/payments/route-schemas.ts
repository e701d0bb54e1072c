import { errorBodySchema, limits } from '@cutout/contracts';
import { z } from 'zod';

// What the payments routes share: the error answers, an id in the path, page parameters.

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
};

export const idParams = z.object({ id: z.string().min(1).max(100) });

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(limits.purchasesPageSize),
};

export const pageOf = (query: { page: number; per_page: number }) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});
