import { samplesEndpoints } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// GET /api/samples: the four sample images (spec §2 "Sample images").

export const samplesQueryOptions = queryOptions({
  queryKey: ['editor', 'samples'],
  queryFn: ({ signal }) => apiClient.call(samplesEndpoints.list, { signal }),
  staleTime: Infinity,
});

export function useSamples(enabled: boolean) {
  return useQuery({ ...samplesQueryOptions, enabled });
}
