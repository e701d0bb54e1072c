import {
  pageListResponseSchema,
  pageSchema,
  pagesApiPaths,
  pageStatsSchema,
  publicPageSchema,
  type Page,
  type PageBody,
  type PageStatus,
  type PageTemplate,
  type PublicPage,
} from '@cutout/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The §7 Page API from the browser. Responses are checked with the contract's schemas (zod/mini,
// loaded with the admin's chunk or the content page's, never with the marketing pages).

export const pagesQueryKey = ['admin', 'pages'] as const;

export interface PageListParams {
  page: number;
  perPage: number;
  status?: PageStatus | undefined;
  template?: PageTemplate | undefined;
  search?: string | undefined;
}

function listUrl({ page, perPage, status, template, search }: PageListParams): string {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (status) query.set('status', status);
  if (template) query.set('template', template);
  if (search) query.set('search', search);
  return `${pagesApiPaths.list}?${query.toString()}`;
}

/** GET /api/pages: one page of the list, kept on screen while the next one loads. */
export const pageListQueryOptions = (params: PageListParams) =>
  queryOptions({
    queryKey: [...pagesQueryKey, 'list', params],
    queryFn: ({ signal }) =>
      apiClient.get(listUrl(params), { schema: pageListResponseSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/pages/stats */
export const pageStatsQueryOptions = queryOptions({
  queryKey: [...pagesQueryKey, 'stats'],
  queryFn: ({ signal }) => apiClient.get(pagesApiPaths.stats, { schema: pageStatsSchema, signal }),
  staleTime: 0,
});

/** GET /api/pages/{id}: the whole page, HTML included, for the Edit dialog. */
export const pageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...pagesQueryKey, 'page', id],
    queryFn: ({ signal }) => apiClient.get(pagesApiPaths.page(id), { schema: pageSchema, signal }),
    staleTime: 0,
  });

/** POST /api/pages */
export function createPage(body: PageBody): Promise<Page> {
  return apiClient.post(pagesApiPaths.list, body, { schema: pageSchema });
}

/** PUT /api/pages/{id} */
export function updatePage(id: string, body: PageBody): Promise<Page> {
  return apiClient.put(pagesApiPaths.page(id), body, { schema: pageSchema });
}

/** DELETE /api/pages/{id} */
export function deletePage(id: string): Promise<void> {
  return apiClient.delete(pagesApiPaths.page(id));
}

/** GET /api/pages/slug/{slug}: a published page; with `preview`, an admin gets drafts too. */
export function fetchPageBySlug(
  slug: string,
  { preview = false, signal }: { preview?: boolean; signal?: AbortSignal } = {},
): Promise<PublicPage> {
  const url = `${pagesApiPaths.bySlug(slug)}${preview ? '?preview=true' : ''}`;
  return apiClient.get(url, { schema: publicPageSchema, signal });
}

/** The address a page is seen at; Preview adds ?preview=true (drafts, for admins). */
export function pageAddress(slug: string, { preview = false } = {}): string {
  return preview ? `${slug}?preview=true` : slug;
}
