import { act, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anUser, renderRoutes, testQueryClient } from '../../test/render';
import { RequireSignedIn } from '../../features/accounts/components/route-guards';
import { sessionQueryKey, signedOutSession, useSession } from './session';
import { useSignOut } from './sign-out';

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn(() => Promise.resolve()) }));
vi.mock('../error-toast', () => ({ toastError }));

/** Every path a Page was shown at, in order. */
let visited: string[] = [];

function Page() {
  const signOut = useSignOut();
  const session = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    visited.push(pathname);
  }, [pathname]);
  return (
    <>
      <p data-testid="where">{pathname}</p>
      <p data-testid="status">{session.status}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

/** /, /signin and a /dashboard only signed-in users may see, opened at /dashboard. */
function renderGuardedDashboard(
  queryClient: QueryClient,
  home: RouteObject = { path: '/', element: <Page /> },
) {
  renderRoutes(
    [
      home,
      { path: '/signin', element: <Page /> },
      {
        path: '/dashboard',
        element: (
          <RequireSignedIn>
            <Page />
          </RequireSignedIn>
        ),
      },
    ],
    { path: '/dashboard', queryClient },
  );
}

beforeEach(() => {
  visited = [];
  toastError.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign out', () => {
  it('ends the session on the server, forgets the user and goes to /', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = testQueryClient({ user: anUser });
    queryClient.setQueryData(['credits'], { balance: 12 });
    renderRoutes(
      [
        { path: '/', element: <Page /> },
        { path: '/dashboard', element: <Page /> },
      ],
      { path: '/dashboard', queryClient },
    );
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
    expect(screen.getByTestId('status')).toHaveTextContent('anonymous');
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({
      user: null,
      signedOutFrom: '/dashboard',
    });
    expect(queryClient.getQueryData(['credits'])).toBeUndefined();
  });

  it('goes to / (not to sign-in) when signing out from a page only signed-in users may see', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    const queryClient = testQueryClient({ user: anUser });
    // Loaded on demand like the real route modules: the navigation to / is still under way
    // when it has asked for the module, until the test lets the module arrive.
    let requested: () => void = () => undefined;
    const whenRequested = new Promise<void>((resolve) => {
      requested = resolve;
    });
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    renderGuardedDashboard(queryClient, {
      path: '/',
      lazy: async () => {
        requested();
        await arrived;
        return { Component: Page };
      },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await whenRequested;
    arrive();
    await vi.waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(visited).toEqual(['/dashboard', '/']);
  });

  it('a guarded page still on screen when the visitor has signed out sends them to /, not to sign-in', async () => {
    // The router can reach / before React draws it; the signed-out session then reaches the
    // guard of the page still shown.
    const queryClient = testQueryClient({ user: anUser });
    renderGuardedDashboard(queryClient);
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    act(() => {
      queryClient.setQueryData(sessionQueryKey, signedOutSession('/dashboard'));
    });
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(visited).toEqual(['/dashboard', '/']);
  });

  it('another guarded page opened after signing out still asks the visitor to sign in', async () => {
    const queryClient = testQueryClient({ user: anUser });
    queryClient.setQueryData(sessionQueryKey, signedOutSession('/dashboard/settings'));
    renderGuardedDashboard(queryClient);
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signin'));
  });

  it('stays signed in and on the page when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'internal', message: 'Nope' } }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    const queryClient = testQueryClient({ user: anUser });
    renderRoutes([{ path: '/dashboard', element: <Page /> }], { path: '/dashboard', queryClient });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    // The refusal is shown; nothing else happens.
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in');
  });
});
