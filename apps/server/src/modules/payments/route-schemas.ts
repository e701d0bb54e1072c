import { errorResponses, limits } from '@cutout/contracts';
import { z } from 'zod';

// What the payments routes share: the error answers, an id in the path, page parameters.

export const errors = errorResponses(400, 401, 403, 404, 409, 502, 503);

export const idParams = z.object({ id: z.string().min(1).max(100) });

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(limits.purchasesPageSize),
};

export const pageOf = (query: { page: number; per_page: number }) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});
