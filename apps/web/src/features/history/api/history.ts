import { jobsEndpoints } from '@cutout/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// GET /api/me/history and DELETE /api/me/history/{id} (decision 0156).

export const historyQueryKey = ['history'] as const;

export const historyQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...historyQueryKey, page],
    queryFn: ({ signal }) => apiClient.call(jobsEndpoints.history, { query: { page }, signal }),
    // Jobs finish and expire while the page is open.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useHistory(page: number) {
  return useQuery(historyQueryOptions(page));
}

/** Deletes the job's stored original and results; the credits spent stay spent. */
export async function deleteHistoryItem(id: string): Promise<void> {
  await apiClient.call(jobsEndpoints.deleteHistoryItem, { params: { id } });
}
