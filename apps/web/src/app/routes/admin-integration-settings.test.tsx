import { integrationTexts, type IntegrationsView } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/fetch';
import { anAdmin, renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import AdminIntegrationSettingsRoute from './admin-integration-settings';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

const f = (
  key: IntegrationsView['fields'][number]['key'],
  value: string | number | boolean | null,
  source: 'env' | 'stored' | 'default',
  envVar: string,
  secret = false,
) => ({ key, value, source, envVar, secret, isSet: value !== null && value !== '' });

const view: IntegrationsView = {
  fields: [
    f('publicUrl', 'https://env.example.com', 'env', 'PUBLIC_URL'),
    f('paymentProvider', 'sandbox', 'default', 'PAYMENTS_PROVIDER'),
    f('lemonSqueezyApiKey', '••••', 'stored', 'LEMONSQUEEZY_API_KEY', true),
    f('lemonSqueezyStoreId', null, 'default', 'LEMONSQUEEZY_STORE_ID'),
    f('lemonSqueezyWebhookSecret', null, 'default', 'LEMONSQUEEZY_WEBHOOK_SECRET', true),
    f('lemonSqueezyApiUrl', 'https://api.lemonsqueezy.com', 'default', 'LEMONSQUEEZY_API_URL'),
    f('smtpHost', null, 'default', 'SMTP_URL'),
    f('smtpPort', 587, 'default', 'SMTP_URL'),
    f('smtpSecure', false, 'default', 'SMTP_URL'),
    f('smtpUser', null, 'default', 'SMTP_URL'),
    f('smtpPassword', null, 'default', 'SMTP_URL', true),
    f('mailFrom', 'Cutout <no-reply@cutout.local>', 'default', 'MAIL_FROM'),
    f('turnstileSiteKey', null, 'default', 'TURNSTILE_SITE_KEY'),
    f('turnstileSecretKey', null, 'default', 'TURNSTILE_SECRET_KEY', true),
  ],
  mailTransport: 'outbox',
  problems: [],
};

function render() {
  return renderAt(<AdminIntegrationSettingsRoute />, {
    path: '/admin/integration-settings',
    queryClient: testQueryClient({ user: anAdmin }),
  });
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('admin integration settings', () => {
  it('shows env fields read-only with their variable, and secrets only masked', async () => {
    stubFetch((call) =>
      call.url === '/api/admin/integrations' ? json(view) : apiError(404, 'Not found'),
    );
    render();
    const url = await screen.findByLabelText('Public URL');
    expect(url).toHaveValue('https://env.example.com');
    expect(url).toHaveAttribute('readonly');
    expect(screen.getByText(integrationTexts.envNote('PUBLIC_URL'))).toBeInTheDocument();
    expect(screen.getByTestId('secret-lemonSqueezyApiKey')).toHaveTextContent('Set ••••');
    expect(screen.getByLabelText('Lemon Squeezy API key')).toHaveValue('');
    expect(screen.getByTestId('secret-smtpPassword')).toHaveTextContent('Not set');
  });

  it('sends only what changed, a typed secret, and the secrets to clear; then toasts', async () => {
    const calls = stubFetch((call) => {
      if (call.url !== '/api/admin/integrations') return apiError(404, 'Not found');
      return call.method === 'PUT'
        ? json({ settings: view, message: integrationTexts.saved })
        : json(view);
    });
    render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('SMTP host'), 'mx.io');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'pw-9');
    await user.click(screen.getByRole('button', { name: 'Clear Lemon Squeezy API key' }));
    await user.click(screen.getByRole('button', { name: integrationTexts.save }));
    await vi.waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith(integrationTexts.saved));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      smtpHost: 'mx.io',
      smtpPassword: 'pw-9',
      clear: ['lemonSqueezyApiKey'],
    });
  }, 20_000);

  it("puts the server's message under the field it refused", async () => {
    stubFetch((call) => {
      if (call.url !== '/api/admin/integrations') return apiError(404, 'Not found');
      return call.method === 'PUT'
        ? apiError(400, 'The port must be between 1 and 65535', {
            smtpPort: 'The port must be between 1 and 65535',
          })
        : json(view);
    });
    render();
    const user = userEvent.setup();
    const port = await screen.findByLabelText('Port');
    await user.clear(port);
    await user.type(port, '70000');
    await user.click(screen.getByRole('button', { name: integrationTexts.save }));
    expect(
      await screen.findByText('The port must be between 1 and 65535', { selector: 'p' }),
    ).toBeInTheDocument();
  }, 20_000);

  it('asks for the API key again under its field when only the API URL changed', async () => {
    const reenter = integrationTexts.reenterSecret('Lemon Squeezy API key', ['API base URL']);
    stubFetch((call) => {
      if (call.url !== '/api/admin/integrations') return apiError(404, 'Not found');
      return call.method === 'PUT'
        ? apiError(400, reenter, { lemonSqueezyApiKey: reenter })
        : json(view);
    });
    render();
    const user = userEvent.setup();
    const url = await screen.findByLabelText('API base URL');
    await user.clear(url);
    await user.type(url, 'https://elsewhere.example');
    await user.click(screen.getByRole('button', { name: integrationTexts.save }));
    expect(await screen.findByText(reenter, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Lemon Squeezy API key')).toHaveAccessibleDescription(
      expect.stringContaining(reenter),
    );
  }, 20_000);
});
