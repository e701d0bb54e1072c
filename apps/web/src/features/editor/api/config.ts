import type { EditorConfig } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { editorApiPaths } from './paths';

/** GET /api/editor/config (`editorConfigSchema` in the contracts, checked by hand). */
export function parseEditorConfig(data: unknown): EditorConfig {
  if (typeof data !== 'object' || data === null) throw new TypeError('Invalid editor config');
  const { turnstileSiteKey, maxUploadBytes, retentionHours } = data as Record<string, unknown>;
  if (
    (turnstileSiteKey !== null && typeof turnstileSiteKey !== 'string') ||
    typeof maxUploadBytes !== 'number' ||
    typeof retentionHours !== 'number'
  ) {
    throw new TypeError('Invalid editor config');
  }
  return { turnstileSiteKey: turnstileSiteKey || null, maxUploadBytes, retentionHours };
}

export const editorConfigQueryOptions = queryOptions({
  queryKey: ['editor', 'config'],
  queryFn: ({ signal }) =>
    apiClient.get(editorApiPaths.config, { schema: { parse: parseEditorConfig }, signal }),
  staleTime: Infinity,
});

export function useEditorConfig() {
  return useQuery(editorConfigQueryOptions);
}
