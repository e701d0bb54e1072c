import { verifyEmailTexts } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../lib/auth/session';
import { apiError, json, stubFetch } from '../../test/fetch';
import { anUser, renderRoutes, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import SignUpRoute from './sign-up';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderSignUp({
  user = null,
  path = '/signup',
}: { user?: typeof anUser | null; path?: string } = {}) {
  return renderRoutes(
    [
      { path: '/signup', element: <SignUpRoute /> },
      { path: '*', element: <Where /> },
    ],
    { path, queryClient: testQueryClient({ user }) },
  );
}

async function fill({
  name = 'Jane Doe',
  email = 'jane.doe@example.com',
  password = 'long enough password',
} = {}) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText('Full name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('sign-up page', () => {
  it('sends a user who is already signed in to /dashboard instead of showing the form', async () => {
    renderSignUp({ user: anUser });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/dashboard$/);
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });

  it('goes on to a ?redirect= path on this site, after sign-up or at once when signed in', async () => {
    const target = `/signup?${new URLSearchParams({ redirect: '/dashboard/settings' })}`;
    const { unmount } = renderSignUp({ user: anUser, path: target });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/dashboard\/settings$/);
    unmount();

    stubFetch(() => json({ user: anUser }, 201));
    renderSignUp({ path: target });
    // Someone who has an account signs in instead, and is sent on to the same place.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?redirect=%2Fdashboard%2Fsettings',
    );
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/settings$/),
    );
  });

  it('ignores a ?redirect= to another site and goes to /dashboard', async () => {
    stubFetch(() => json({ user: anUser }, 201));
    renderSignUp({ path: `/signup?${new URLSearchParams({ redirect: '//evil.example/x' })}` });
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
  });

  it('starts with the personal account type and links to sign in', () => {
    renderSignUp();
    expect(screen.getByRole('radio', { name: /personal/i })).toBeChecked();
    expect(screen.getByRole('radio', { name: /business/i })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('shows the shared validation messages and sends nothing', async () => {
    const calls = stubFetch(() => json({}));
    renderSignUp();
    const user = await fill({ name: 'J', email: 'jane@', password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('creates a personal account by default, toasts and goes to the dashboard', async () => {
    const calls = stubFetch(() => json({ user: anUser }, 201));
    const { queryClient } = renderSignUp();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/auth/sign-up',
      body: {
        name: 'Jane Doe',
        email: 'jane.doe@example.com',
        password: 'long enough password',
        accountType: 'personal',
      },
    });
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: anUser });
    await vi.waitFor(() =>
      // The spec's text, and where the free credits are (decision 0265).
      expect(toastSpy.success).toHaveBeenCalledWith('Registration successful', {
        description: verifyEmailTexts.checkInbox(anUser.email),
      }),
    );
  });

  it('sends business when chosen', async () => {
    const calls = stubFetch(() => json({ user: anUser }, 201));
    renderSignUp();
    const user = await fill();
    await user.click(screen.getByRole('radio', { name: /business/i }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(calls[0]?.body).toMatchObject({ accountType: 'business' }));
  });

  it('puts "User with this email already exists" under the email field (409)', async () => {
    stubFetch(() => apiError(409, 'User with this email already exists', undefined, 'conflict'));
    renderSignUp();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const email = screen.getByLabelText('Email');
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription('User with this email already exists'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it("says 'An error occurred during signup' for any other failure", async () => {
    stubFetch(() => apiError(500, 'Something went wrong on our side.', undefined, 'internal'));
    renderSignUp();
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('An error occurred during signup', {
        description: 'Something went wrong on our side.',
      }),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
