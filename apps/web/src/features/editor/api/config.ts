import { jobsEndpoints } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/editor/config */
export const editorConfigQueryOptions = queryOptions({
  queryKey: ['editor', 'config'],
  queryFn: ({ signal }) => apiClient.call(jobsEndpoints.editorConfig, { signal }),
  staleTime: Infinity,
});

export function useEditorConfig() {
  return useQuery(editorConfigQueryOptions);
}
