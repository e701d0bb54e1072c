import { appTexts, paths } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { anAdmin, anUser, renderRoutes, testQueryClient } from '../../../test/render';
import { RequireAdmin, RequireSignedIn } from './route-guards';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const routes = [
  {
    path: paths.dashboardSettings,
    element: (
      <RequireSignedIn>
        <h1>Settings page</h1>
      </RequireSignedIn>
    ),
  },
  {
    path: paths.adminUsers,
    element: (
      <RequireAdmin>
        <h1>Users page</h1>
      </RequireAdmin>
    ),
  },
  { path: paths.signIn, element: <Where /> },
  { path: paths.home, element: <Where /> },
];

function stubSession(answer: 'never' | object) {
  const fetchMock = vi.fn(() =>
    answer === 'never'
      ? new Promise<Response>(() => undefined)
      : Promise.resolve(
          new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }),
        ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guards', () => {
  it("shows 'Loading...' while the session loads", async () => {
    const fetchMock = stubSession('never');
    renderRoutes(routes, { path: '/dashboard/settings' });
    expect(await screen.findByText(appTexts.loading)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything());
    expect(screen.queryByText('Settings page')).toBeNull();
  });

  it('sends an anonymous visitor to /signin with a redirect back', async () => {
    stubSession({ user: null });
    renderRoutes(routes, { path: '/dashboard/settings?tab=profile' });
    const where = await screen.findByTestId('where');
    const url = new URL(where.textContent ?? '', 'http://x');
    expect(url.pathname).toBe(paths.signIn);
    expect(url.searchParams.get('redirect')).toBe('/dashboard/settings?tab=profile');
    expect(screen.queryByText('Settings page')).toBeNull();
  });

  it('lets a signed-in user in', async () => {
    renderRoutes(routes, {
      path: paths.dashboardSettings,
      queryClient: testQueryClient({ user: anUser }),
    });
    expect(await screen.findByText('Settings page')).toBeInTheDocument();
  });

  it('sends a signed-in non-admin from an admin page to /', async () => {
    renderRoutes(routes, {
      path: paths.adminUsers,
      queryClient: testQueryClient({ user: anUser }),
    });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Users page')).toBeNull();
  });

  it('sends an anonymous visitor from an admin page to /', async () => {
    stubSession({ user: null });
    renderRoutes(routes, { path: paths.adminUsers });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it("shows 'Loading...' on an admin page while the session loads", async () => {
    stubSession('never');
    renderRoutes(routes, { path: paths.adminUsers });
    expect(await screen.findByText(appTexts.loading)).toBeInTheDocument();
  });

  it('lets an admin in', async () => {
    renderRoutes(routes, {
      path: paths.adminUsers,
      queryClient: testQueryClient({ user: anAdmin }),
    });
    expect(await screen.findByText('Users page')).toBeInTheDocument();
  });
});
