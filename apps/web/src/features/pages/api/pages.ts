import {
  pagesEndpoints as api,
  type Page,
  type PageBody,
  type PageStatus,
  type PageTemplate,
  type PublicPage,
} from '@cutout/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { withQuery } from '../../../lib/url';

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

/** GET /api/pages: one page of the list, kept on screen while the next one loads. */
export const pageListQueryOptions = (params: PageListParams) =>
  queryOptions({
    queryKey: [...pagesQueryKey, 'list', params],
    queryFn: ({ signal }) => {
      const { page, perPage, status, template, search } = params;
      return apiClient.call(api.list, {
        query: { page, per_page: perPage, status, template, search },
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/pages/stats */
export const pageStatsQueryOptions = queryOptions({
  queryKey: [...pagesQueryKey, 'stats'],
  queryFn: ({ signal }) => apiClient.call(api.stats, { signal }),
  staleTime: 0,
});

/** GET /api/pages/{id}: the whole page, HTML included, for the Edit dialog. */
export const pageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...pagesQueryKey, 'page', id],
    queryFn: ({ signal }) => apiClient.call(api.page, { params: { id }, signal }),
    staleTime: 0,
  });

/** POST /api/pages */
export function createPage(body: PageBody): Promise<Page> {
  return apiClient.call(api.create, { body });
}

/** PUT /api/pages/{id} */
export function updatePage(id: string, body: PageBody): Promise<Page> {
  return apiClient.call(api.update, { params: { id }, body });
}

/** DELETE /api/pages/{id} */
export async function deletePage(id: string): Promise<void> {
  await apiClient.call(api.remove, { params: { id } });
}

/** GET /api/pages/slug/{slug}: a published page; with `preview`, an admin gets drafts too. */
export function fetchPageBySlug(
  slug: string,
  { preview = false, signal }: { preview?: boolean; signal?: AbortSignal } = {},
): Promise<PublicPage> {
  return apiClient.call(api.bySlug, {
    params: { '*': slug },
    query: { preview: preview ? 'true' : undefined },
    signal,
  });
}

/** The address a page is seen at; Preview adds ?preview=true (drafts, for admins). */
export function pageAddress(slug: string, { preview = false } = {}): string {
  return withQuery(slug, { preview: preview ? 'true' : undefined });
}
