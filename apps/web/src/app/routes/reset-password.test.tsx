import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/fetch';
import { renderRoutes, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import ResetPasswordRoute from './reset-password';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderReset(path: string) {
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      { path: '*', element: <Where /> },
    ],
    { path, queryClient: testQueryClient({ user: null }) },
  );
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('reset-password page', () => {
  it("without a token goes to /forgot-password with 'Invalid reset link', asking nothing", async () => {
    const calls = stubFetch(() => json({ valid: true }));
    renderReset('/reset-password');
    await vi.waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/forgot-password'),
    );
    await vi.waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith('Invalid reset link'));
    expect(toastSpy.error).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it("shows 'Validating reset link...' and then, for a dead token, goes to /forgot-password", async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderReset('/reset-password?token=expired-token');

    expect(await screen.findByRole('status')).toHaveTextContent('Validating reset link...');
    expect(calls[0]?.url).toBe('/api/auth/reset-password/validate?token=expired-token');
    answer(json({ valid: false }));

    await vi.waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/forgot-password'),
    );
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Invalid or expired reset link'),
    );
  });

  it("says 'Failed to validate token' when the check itself fails", async () => {
    stubFetch(() => apiError(400, 'Bad request'));
    renderReset('/reset-password?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to validate token');
    await vi.waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith('Failed to validate token'));
  });

  it('checks that the passwords match first, then the length, then resets and goes to /signin', async () => {
    const calls = stubFetch(({ url }) =>
      url.startsWith('/api/auth/reset-password/validate')
        ? json({ valid: true })
        : json({ message: 'Password reset successfully!' }),
    );
    renderReset('/reset-password?token=good-token');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');

    // Too short AND different: the mismatch is reported, not the length.
    await user.type(password, 'short');
    await user.type(confirm, 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');

    // Matching but too short.
    await user.clear(confirm);
    await user.type(confirm, 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.clear(password);
    await user.clear(confirm);
    await user.type(password, 'a new long password');
    await user.type(confirm, 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await vi.waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signin'));
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: {
        token: 'good-token',
        password: 'a new long password',
        confirmPassword: 'a new long password',
      },
    });
    await vi.waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith('Password reset successfully!'),
    );
  });

  it("shows 'Failed to reset password' with the server's reason when the token died meanwhile", async () => {
    stubFetch(({ url }) =>
      url.startsWith('/api/auth/reset-password/validate')
        ? json({ valid: true })
        : apiError(400, 'Invalid or expired reset token', {
            token: 'Invalid or expired reset token',
          }),
    );
    renderReset('/reset-password?token=raced');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset token');
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Failed to reset password', {
        description: 'Invalid or expired reset token',
      }),
    );
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
