import { usersEndpoints } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { meQueryKey } from './me';

/** GET /api/me/usage: credits and images processed (completed jobs), all time and this month. */
export const usageQueryOptions = queryOptions({
  queryKey: [...meQueryKey, 'usage'],
  queryFn: ({ signal }) => apiClient.call(usersEndpoints.usage, { signal }),
  staleTime: 0,
});

export function useUsage() {
  return useQuery(usageQueryOptions);
}
