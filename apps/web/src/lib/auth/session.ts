import { accountsApi, type SessionUser, type accountsEndpoints } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const sessionQueryKey = ['session'] as const;

/**
 * GET /api/auth/session, typed by the endpoint's contract. Not parsed again here: the
 * server serialises this answer through `sessionResponseSchema` (a non-conforming one is a 500,
 * never a 200), and parsing on every page's first load would bring zod's runtime, about 5 KB
 * gzip, into a budget with less than 1 KB to spare (docs/decisions/0022, 0064).
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) =>
    apiClient.call<typeof accountsEndpoints.session>(accountsApi.session, { signal }),
});

/**
 * What sign-out leaves in the cache until the session is next fetched: anonymous, and the page
 * the visitor signed out on. That page, if only signed-in users may see it, may still be on
 * screen while the way home renders: its guard then sends them home, not to sign-in
 * (route-guards.tsx). Any other guarded page still sends an anonymous visitor to sign in.
 */
export function signedOutSession(from: string): { user: null; signedOutFrom: string } {
  return { user: null, signedOutFrom: from };
}

function signedOutFrom(data: unknown): string | null {
  return typeof data === 'object' &&
    data !== null &&
    'signedOutFrom' in data &&
    typeof data.signedOutFrom === 'string'
    ? data.signedOutFrom
    : null;
}

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null; signedOutFrom: string | null }
  | { status: 'signed-in'; user: SessionUser };

/**
 * The signed-in user, from GET /api/auth/session. A failed session request counts as anonymous:
 * the server enforces access on every call anyway, and a signed-out view is the safe one to show.
 */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  if (query.isPending) return { status: 'loading', user: null };
  const user = query.data?.user ?? null;
  if (user) return { status: 'signed-in', user };
  return { status: 'anonymous', user: null, signedOutFrom: signedOutFrom(query.data) };
}
