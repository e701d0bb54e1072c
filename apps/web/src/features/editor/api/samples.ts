import type { SampleImage } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { editorApiPaths } from './paths';

// GET /api/samples: the four sample images (spec §2 "Sample images"), checked by hand and typed
// by the contract's `SampleImage`.

export function parseSamples(data: unknown): SampleImage[] {
  if (!Array.isArray(data)) throw new TypeError('Invalid samples');
  return data.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) throw new TypeError('Invalid samples');
    const { id, name, url, thumbnail, width, height } = item as Record<string, unknown>;
    if (
      typeof id !== 'string' ||
      typeof name !== 'string' ||
      typeof url !== 'string' ||
      typeof thumbnail !== 'string' ||
      !Number.isInteger(width) ||
      !Number.isInteger(height)
    ) {
      throw new TypeError('Invalid samples');
    }
    return { id, name, url, thumbnail, width: width as number, height: height as number };
  });
}

export const samplesQueryOptions = queryOptions({
  queryKey: ['editor', 'samples'],
  queryFn: ({ signal }) =>
    apiClient.get(editorApiPaths.samples, { schema: { parse: parseSamples }, signal }),
  staleTime: Infinity,
});

export function useSamples(enabled: boolean) {
  return useQuery({ ...samplesQueryOptions, enabled });
}
