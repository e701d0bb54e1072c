import { apiKeyTexts } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type Call } from '../../test/fetch';
import { anUser, renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import DashboardSettingsRoute from './dashboard-settings';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

const profile = {
  id: anUser.id,
  email: anUser.email,
  name: anUser.name,
  role: 'user',
  credits: 10,
  accountType: 'personal',
  createdAt: '2026-01-15T09:00:00.000Z',
  emailVerified: true,
};

const existingKey = {
  id: 'k1',
  name: 'Laptop',
  prefix: 'ck_abcdefg',
  createdAt: '2026-02-01T10:00:00.000Z',
  lastUsedAt: null,
};

function server(
  state: { keys: (typeof existingKey)[] },
  overrides: (call: Call) => Response | undefined = () => undefined,
) {
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.url === '/api/me' && call.method === 'GET') return json(profile);
    if (call.url === '/api/me' && call.method === 'PATCH') {
      return json({ ...profile, ...(call.body as object) });
    }
    if (call.url === '/api/auth/session') return json({ user: anUser });
    if (call.url === '/api/me/api-keys' && call.method === 'GET') return json({ keys: state.keys });
    if (call.url === '/api/me/api-keys' && call.method === 'POST') {
      const created = {
        id: 'k2',
        name: (call.body as { name: string }).name,
        prefix: 'ck_NEWKEY0',
        createdAt: '2026-03-01T10:00:00.000Z',
        lastUsedAt: null,
        key: 'ck_NEWKEY0-the-whole-secret-key-shown-once',
      };
      state.keys = [{ ...created }, ...state.keys];
      return json(created, 201);
    }
    if (call.url === '/api/me/api-keys/k1' && call.method === 'DELETE') {
      state.keys = state.keys.filter((k) => k.id !== 'k1');
      return new Response(null, { status: 204 });
    }
    return apiError(404, 'Not found');
  });
}

function renderSettings() {
  return renderAt(<DashboardSettingsRoute />, {
    path: '/dashboard/settings',
    queryClient: testQueryClient({ user: anUser }),
  });
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('dashboard settings', () => {
  it('saves the profile: name and account type', async () => {
    const calls = server({ keys: [] });
    renderSettings();
    const user = userEvent.setup();
    const name = await screen.findByDisplayValue('Jane Doe');
    await user.clear(name);
    await user.type(name, 'J');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    await user.type(name, 'ane Smith');
    await user.click(screen.getByLabelText('Business'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await vi.waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith('Profile updated'));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/me', body: { name: 'Jane Smith', accountType: 'business' } },
    ]);
  });

  it('creates a key, shows it once with a copy button, and lists it by prefix', async () => {
    const state = { keys: [existingKey] };
    server(state);
    renderSettings();
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Laptop/ })).toHaveTextContent(
      /ck_abcdefg….*February 1, 2026.*Never/,
    );

    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    expect(await screen.findByText(apiKeyTexts.nameRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Key name'), 'CI');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    const shown = await screen.findByRole('region', { name: 'Your new key "CI"' });
    expect(within(shown).getByLabelText('New API key')).toHaveValue(
      'ck_NEWKEY0-the-whole-secret-key-shown-once',
    );
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('ck_NEWKEY0-the-whole-secret-key-shown-once');
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /CI/ })).toHaveTextContent('ck_NEWKEY0…');

    // Once dismissed, the whole key is nowhere on the page.
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(/the-whole-secret/)).toBeNull();
    expect(document.body.textContent).not.toContain('the-whole-secret');
  });

  it('revokes a key after confirmation', async () => {
    const state = { keys: [existingKey] };
    const calls = server(state);
    renderSettings();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Revoke\s*Laptop$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke "Laptop"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await vi.waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith(apiKeyTexts.revoked));
    expect(
      await screen.findByText('No API keys yet. Create one to start using the API.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/me/api-keys/k1')).toBe(true);
  });

  it('toasts a failed creation with the server message', async () => {
    server({ keys: [] }, (call) =>
      call.method === 'POST' && call.url === '/api/me/api-keys'
        ? apiError(409, apiKeyTexts.tooMany)
        : undefined,
    );
    renderSettings();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Key name'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create Key' }));
    await vi.waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(apiKeyTexts.tooMany));
  });
});
