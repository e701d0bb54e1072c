import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type Call } from '../../test/fetch';
import { anAdmin, renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import AdminSettingsRoute from './admin-settings';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

const profile = {
  id: anAdmin.id,
  email: anAdmin.email,
  name: anAdmin.name,
  role: 'admin',
  credits: 10,
  accountType: 'personal',
  createdAt: '2026-01-15T09:00:00.000Z',
  emailVerified: true,
};

function server(overrides: (call: Call) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.url === '/api/me') return json(profile);
    if (call.url === '/api/auth/session') return json({ user: anAdmin });
    if (call.url === '/api/admin/setup') return json({ email: 'admin@cutout.test' });
    return apiError(404, 'Not found');
  });
}

function renderSettings() {
  return renderAt(<AdminSettingsRoute />, {
    path: '/admin/settings',
    queryClient: testQueryClient({ user: anAdmin }),
  });
}

async function openTab(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name }));
  return user;
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('admin settings', () => {
  it('has the Account, Security and Admin Setup tabs, then Business details and Backups; Account first', async () => {
    server();
    renderSettings();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Account',
      'Security',
      'Admin Setup',
      'Business details',
      'Backups',
    ]);
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('January 15, 2026')).toBeInTheDocument();
    expect(within(panel).getByText(anAdmin.email)).toBeInTheDocument();
  });

  describe('Security: change password', () => {
    async function fillPasswords(user: ReturnType<typeof userEvent.setup>, values: string[]) {
      const labels = ['Current password', 'New password', 'Confirm new password'];
      for (const [index, label] of labels.entries()) {
        const input = screen.getByLabelText(label);
        await user.clear(input);
        if (values[index]) await user.type(input, values[index]);
      }
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
    }

    it('reports a mismatch before the length, then at least 8, without a request', async () => {
      const calls = server();
      renderSettings();
      const user = await openTab('Security');
      await fillPasswords(user, ['old password', 'seven77', 'seven78']);
      expect(await screen.findByText("New passwords don't match")).toBeInTheDocument();
      expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();

      await fillPasswords(user, ['old password', 'seven77', 'seven77']);
      expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('changes the password and says so', async () => {
      const calls = server(({ url }) =>
        url === '/api/auth/change-password'
          ? json({ message: 'Password changed successfully' })
          : undefined,
      );
      renderSettings();
      const user = await openTab('Security');
      await fillPasswords(user, ['old password', 'new password', 'new password']);
      await vi.waitFor(() =>
        expect(toastSpy.success).toHaveBeenCalledWith('Password changed successfully'),
      );
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        currentPassword: 'old password',
        newPassword: 'new password',
        confirmNewPassword: 'new password',
      });
      expect(screen.getByLabelText('Current password')).toHaveValue('');
    });

    it("puts 'Current password is incorrect' under the current password and toasts it", async () => {
      server(({ url }) =>
        url === '/api/auth/change-password'
          ? apiError(400, 'Current password is incorrect', {
              currentPassword: 'Current password is incorrect',
            })
          : undefined,
      );
      renderSettings();
      const user = await openTab('Security');
      await fillPasswords(user, ['wrong password', 'new password', 'new password']);
      const current = screen.getByLabelText('Current password');
      await vi.waitFor(() =>
        expect(current).toHaveAccessibleDescription('Current password is incorrect'),
      );
      expect(current).toHaveFocus();
      expect(toastSpy.error).toHaveBeenCalledWith('Current password is incorrect');
    });
  });

  describe('Admin Setup', () => {
    it("shows the current admin's email and requires the current password and both credentials", async () => {
      const calls = server();
      renderSettings();
      const user = await openTab('Admin Setup');
      expect(await screen.findByTestId('current-admin-email')).toHaveTextContent(
        'admin@cutout.test',
      );
      await user.click(screen.getByRole('button', { name: 'Save Credentials' }));
      expect(await screen.findAllByText('Please fill in all required fields')).toHaveLength(3);
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Please fill in all required fields',
      );
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('saves new admin credentials', async () => {
      const calls = server(({ method }) =>
        method === 'PUT' ? json({ message: 'Admin credentials updated' }) : undefined,
      );
      renderSettings();
      const user = await openTab('Admin Setup');
      await user.type(screen.getByLabelText('Current password'), 'the old password');
      await user.type(screen.getByLabelText('Admin email'), 'Boss@Cutout.test');
      await user.type(screen.getByLabelText('New admin password'), 'a strong password');
      await user.click(screen.getByRole('button', { name: 'Save Credentials' }));
      await vi.waitFor(() =>
        expect(toastSpy.success).toHaveBeenCalledWith('Admin credentials updated'),
      );
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        url: '/api/admin/setup/credentials',
        body: {
          currentPassword: 'the old password',
          email: 'boss@cutout.test',
          password: 'a strong password',
        },
      });
    });

    it("puts the server's 'Current password is incorrect' under the current password", async () => {
      server(({ method }) =>
        method === 'PUT'
          ? apiError(400, 'Current password is incorrect', {
              currentPassword: 'Current password is incorrect',
            })
          : undefined,
      );
      renderSettings();
      const user = await openTab('Admin Setup');
      await user.type(screen.getByLabelText('Current password'), 'wrong one');
      await user.type(screen.getByLabelText('Admin email'), 'boss@cutout.test');
      await user.type(screen.getByLabelText('New admin password'), 'a strong password');
      await user.click(screen.getByRole('button', { name: 'Save Credentials' }));
      await vi.waitFor(() =>
        expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
          'Current password is incorrect',
        ),
      );
    });

    it('clears all users only after confirmation', async () => {
      const calls = server(({ url }) =>
        url === '/api/admin/users/clear' ? json({ deleted: 3 }) : undefined,
      );
      renderSettings();
      const user = await openTab('Admin Setup');

      await user.click(screen.getByRole('button', { name: 'Clear All Users' }));
      let dialog = await screen.findByRole('dialog', { name: 'Delete all users?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls.some((call) => call.url === '/api/admin/users/clear')).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Clear All Users' }));
      dialog = await screen.findByRole('dialog', { name: 'Delete all users?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, delete all users' }));
      await vi.waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith('Deleted 3 users'));
      expect(calls.find((call) => call.url === '/api/admin/users/clear')).toEqual({
        method: 'POST',
        url: '/api/admin/users/clear',
        body: { confirm: true },
      });
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
