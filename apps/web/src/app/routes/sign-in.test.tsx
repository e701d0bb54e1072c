import { httpTexts } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../lib/auth/session';
import { apiError, json, stubFetch } from '../../test/fetch';
import { anUser, renderRoutes, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import SignInRoute from './sign-in';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderSignIn(path = '/signin', user: typeof anUser | null = null) {
  const queryClient = testQueryClient({ user });
  return renderRoutes(
    [
      { path: '/signin', element: <SignInRoute /> },
      { path: '*', element: <Where /> },
    ],
    { path, queryClient },
  );
}

async function fillAndSubmit(email = 'jane.doe@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('sends a user who is already signed in to /dashboard instead of showing the form', async () => {
    renderSignIn('/signin', anUser);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/dashboard$/);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('sends a signed-in user on to the sign-in link’s same-site ?redirect= target', async () => {
    renderSignIn('/signin?redirect=%2Fdashboard%2Fsettings', anUser);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/dashboard\/settings$/);
  });

  it('shows the welcome heading, Remember me and the links the spec lists', () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: /welcome/i })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('refuses empty and malformed fields with the shared messages, before any request', async () => {
    const calls = stubFetch(() => json({}));
    renderSignIn();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(email).toHaveFocus();

    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says 'Signing in...' and cannot be pressed twice while the request runs", async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(
      (call) =>
        new Promise<Response>((resolve) => {
          if (call.url === '/api/auth/sign-in') answer = resolve;
          else resolve(json({ user: anUser }));
        }),
    );
    renderSignIn();
    await fillAndSubmit();

    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    answer(json({ user: anUser }));
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  });

  it('sends Remember me, signs in and goes to the same-site ?redirect= target', async () => {
    const calls = stubFetch((call) =>
      call.url === '/api/auth/sign-in' ? json({ user: anUser }) : json({ user: anUser }),
    );
    const { queryClient } = renderSignIn('/signin?redirect=%2Fdashboard%2Fsettings');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Jane.Doe@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await vi.waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/settings'),
    );
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: 'jane.doe@example.com', password: 'correct horse', rememberMe: true },
    });
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: anUser });
    await vi.waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith('Sign in successful', {
        description: 'Welcome back!',
      }),
    );
  });

  it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example'])(
    'ignores the unsafe redirect %s and goes to /dashboard',
    async (redirect) => {
      stubFetch(() => json({ user: anUser }));
      renderSignIn(`/signin?${new URLSearchParams({ redirect })}`);
      await fillAndSubmit();
      await vi.waitFor(() =>
        expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/),
      );
    },
  );

  it("shows 'Sign in failed' with the server's message, inline and as a toast", async () => {
    stubFetch(() => apiError(401, 'Invalid email or password', undefined, 'unauthorized'));
    renderSignIn();
    await fillAndSubmit('jane.doe@example.com', 'wrong password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Sign in failed', {
        description: 'Invalid email or password',
      }),
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows the server’s text for too many attempts (429)', async () => {
    stubFetch(() =>
      apiError(
        429,
        'Too many failed sign-in attempts. Please try again later.',
        undefined,
        'rate_limited',
      ),
    );
    renderSignIn();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Please try again later.',
    );
  });

  it('says the server could not be reached when the request never got an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderSignIn();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(httpTexts.network);
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Sign in failed', {
        description: httpTexts.network,
      }),
    );
  });
});
