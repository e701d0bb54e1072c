import {
  apiRouteUrl,
  batchesEndpoints as api,
  type Batch,
  type BatchItem,
} from '@cutout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiClient, apiErrorFrom } from '../../../lib/api-client';

// The batch API (server module `batches`), checked with the contract's schemas. Only reads are
// retried by the api client; an upload answered 503 (queue full) is sent again by the runner
// after the server's Retry-After.

export const batchesQueryKey = ['batches'] as const;

/** The newest batch, or null: what the Batch tab shows after a reload or in a second tab. */
export const latestBatchQueryOptions = queryOptions({
  queryKey: [...batchesQueryKey, 'latest'],
  queryFn: async ({ signal }): Promise<Batch | null> => {
    const list = await apiClient.call(api.list, { signal });
    const newest = list.batches[0];
    if (!newest) return null;
    return apiClient.call(api.batch, { params: { id: newest.id }, signal });
  },
  staleTime: 0,
});

export function getBatch(id: string, signal?: AbortSignal): Promise<Batch> {
  return apiClient.call(api.batch, { params: { id }, signal });
}

/** Starts a batch of these images (the server checks the count and the credits). */
export function startBatch(names: readonly string[]): Promise<Batch> {
  return apiClient.call(api.create, { body: { items: names.map((name) => ({ name })) } });
}

/** Runs a batch again, with these images added: failed ones go back to pending. */
export function runBatch(id: string, names: readonly string[]): Promise<Batch> {
  return apiClient.call(api.run, {
    params: { id },
    body: { items: names.map((name) => ({ name })) },
  });
}

export function removeBatchItem(id: string, itemId: string): Promise<Batch> {
  return apiClient.call(api.removeItem, { params: { id, itemId } });
}

export async function deleteBatch(id: string): Promise<void> {
  await apiClient.call(api.remove, { params: { id } });
}

/** Sends one image of the batch; it starts processing on the server. */
export function uploadBatchItem(id: string, itemId: string, file: File): Promise<BatchItem> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.call(api.uploadItem, { params: { id, itemId }, body: form });
}

/**
 * The zip of the completed images, as the server streams it. Read into a Blob to save it under
 * the server's name, so a failure can be told apart and shown (not a broken file).
 */
export async function downloadBatch(id: string): Promise<{ blob: Blob; name: string }> {
  const response = await fetch(apiRouteUrl(api.download, { id }), { credentials: 'same-origin' });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw await apiErrorFrom(response.status, response.statusText, body);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'batch_processed.zip';
  return { blob: await response.blob(), name };
}

/** Seconds the server asked us to wait before sending again, for a 503. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ApiError && error.status === 503 ? 3 : undefined;
}
