import { apiPaths, type Role, type SessionResponse, type SessionUser } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api-client';

export const sessionQueryKey = ['session'] as const;

// A Record over the contract's Role type: a role added there fails the type check here. (Not
// `roles` itself: session.ts holds the zod schemas, see parseSessionResponse.)
const knownRoles: Record<Role, true> = { user: true, admin: true };

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(knownRoles, value);
}

/**
 * `sessionResponseSchema` from contracts, checked by hand: every page loads the session, and zod
 * would add about 26 KB gzip to every page's first load. The result is typed by the contract,
 * so a new field there fails the type check here.
 */
export function parseSessionResponse(data: unknown): SessionResponse {
  if (typeof data !== 'object' || data === null || !('user' in data)) {
    throw new TypeError('Invalid session response');
  }
  const user: unknown = data.user;
  if (user === null) return { user: null };
  if (typeof user !== 'object') throw new TypeError('Invalid session response');
  const { id, email, name, role } = user as Record<string, unknown>;
  if (
    typeof id !== 'string' ||
    typeof email !== 'string' ||
    !email.includes('@') ||
    (name !== null && typeof name !== 'string') ||
    !isRole(role)
  ) {
    throw new TypeError('Invalid session response');
  }
  const sessionUser: SessionUser = { id, email, name, role };
  return { user: sessionUser };
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) =>
    apiClient.get(apiPaths.session, { schema: { parse: parseSessionResponse }, signal }),
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
