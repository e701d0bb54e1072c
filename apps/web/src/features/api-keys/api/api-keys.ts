import { apiKeysEndpoints, type CreateApiKeyBody, type CreatedApiKey } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /api/me/api-keys: the signed-in user's live keys (name, prefix, created, last used). */
export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: ({ signal }) => apiClient.call(apiKeysEndpoints.list, { signal }),
  // "Last used" changes whenever a key is used elsewhere.
  staleTime: 0,
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}

/** POST /api/me/api-keys: the answer is the only time the whole key is seen. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return apiClient.call(apiKeysEndpoints.create, { body });
}

/** DELETE /api/me/api-keys/{id} */
export async function revokeApiKey(id: string): Promise<void> {
  await apiClient.call(apiKeysEndpoints.revoke, { params: { id } });
}
