import { apiPaths, sessionResponseSchema, type SessionUser } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) =>
    apiClient.get(apiPaths.session, { schema: sessionResponseSchema, signal }),
});

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'signed-in'; user: SessionUser };

/**
 * The signed-in user, from GET /api/auth/session. A failed session request counts as anonymous:
 * the server enforces access on every call anyway, and a signed-out view is the safe one to show.
 */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  if (query.isPending) return { status: 'loading', user: null };
  const user = query.data?.user ?? null;
  return user ? { status: 'signed-in', user } : { status: 'anonymous', user: null };
}
