import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anUser, renderRoutes, testQueryClient } from '../../test/render';
import { RequireSignedIn } from '../../features/auth/components/route-guards';
import { sessionQueryKey, useSession } from './session';
import { useSignOut } from './sign-out';

function Page() {
  const signOut = useSignOut();
  const session = useSession();
  const { pathname } = useLocation();
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
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: null });
    expect(queryClient.getQueryData(['credits'])).toBeUndefined();
  });

  it('goes to / (not to sign-in) when signing out from a page only signed-in users may see', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    const queryClient = testQueryClient({ user: anUser });
    renderRoutes(
      [
        // Loaded on demand like the real route modules: the navigation to / takes a moment.
        {
          path: '/',
          lazy: async () => {
            await new Promise((resolve) => setTimeout(resolve, 30));
            return { Component: Page };
          },
        },
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
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('anonymous'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
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
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in');
  });
});
