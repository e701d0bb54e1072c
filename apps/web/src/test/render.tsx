import type { SessionResponse, SessionUser } from '@cutout/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { sessionQueryKey } from '../lib/auth/session';

export const anUser: SessionUser = {
  id: 'u1',
  email: 'jane.doe@example.com',
  name: 'Jane Doe',
  role: 'user',
};
export const anAdmin: SessionUser = { ...anUser, id: 'a1', name: 'Ada Lovelace', role: 'admin' };

/** A query client for one test; `session` seeds the session query as if the server answered. */
export function testQueryClient(session?: SessionResponse): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: Infinity } },
  });
  if (session) client.setQueryData(sessionQueryKey, session);
  return client;
}

/** Renders `routes` in a memory router at `path`, inside the providers the app has. */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    queryClient = testQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at `path` (plus any extra routes, e.g. redirect targets). */
export function renderAt(
  element: ReactElement,
  options: { path?: string; queryClient?: QueryClient; routes?: RouteObject[] } = {},
) {
  const path = options.path ?? '/';
  return renderRoutes(
    [{ path: new URL(path, 'http://x').pathname, element }, ...(options.routes ?? [])],
    options,
  );
}

export function Providers({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: QueryClient;
}) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
