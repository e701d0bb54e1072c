import { usersEndpoints } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { meQueryKey } from './me';

/**
 * GET /api/me/usage: credits, images processed (completed jobs) all time and this month, and
 * the free previews left this month. Under the `me` key, so whatever reads the balance again
 * (an image charged, a batch moving on) reads these too.
 */
export const usageQueryOptions = queryOptions({
  queryKey: [...meQueryKey, 'usage'],
  queryFn: ({ signal }) => apiClient.call(usersEndpoints.usage, { signal }),
  staleTime: 0,
});

export function useUsage() {
  return useQuery(usageQueryOptions);
}
