import { queryCache } from '@cutout/contracts';
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: queryCache.staleTimeMs,
        gcTime: queryCache.gcTimeMs,
        // The api client already retries idempotent reads (network errors, timeouts, 408, 429,
        // 5xx) with doubling delays. A second retry layer here would multiply the attempts
        // (4 × 4) and retry 4xx answers that can never succeed.
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
