import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/fetch';
import { renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import ForgotPasswordRoute from './forgot-password';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

const reply = 'If an account with that email exists, a password reset link has been sent.';

function renderForgot() {
  return renderAt(<ForgotPasswordRoute />, {
    path: '/forgot-password',
    queryClient: testQueryClient({ user: null }),
  });
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('forgot-password page', () => {
  it("sends the email, then shows 'Check Your Email' with the generic reply", async () => {
    const calls = stubFetch(() => json({ message: reply }));
    renderForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'Jane@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toHaveFocus();
    expect(screen.getByText(reply)).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/auth/forgot-password',
      body: { email: 'jane@example.com' },
    });
    await vi.waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith('Reset link sent!'));
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/signin',
    );

    await user.click(screen.getByRole('button', { name: 'Try another email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('refuses an invalid address without a request', async () => {
    const calls = stubFetch(() => json({ message: reply }));
    renderForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("says 'Failed to send reset link' with the server's error", async () => {
    stubFetch(() => apiError(429, 'Too many requests, please try again later.'));
    renderForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Failed to send reset link', {
        description: 'Too many requests, please try again later.',
      }),
    );
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).toBeNull();
  });

  it("falls back to 'Please try again.' when the server was not reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderForgot();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Failed to send reset link', {
        description: 'Please try again.',
      }),
    );
  });
});
