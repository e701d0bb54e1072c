import { apiExamples } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anUser, renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import ApiRoute from './api';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

function renderApi(signedIn = false) {
  return renderAt(<ApiRoute />, {
    path: '/api',
    queryClient: testQueryClient({ user: signedIn ? anUser : null }),
  });
}

const examples = () => apiExamples(window.location.origin);

beforeEach(() => resetToastSpy());

describe('API documentation', () => {
  it('shows the REST examples addressed to the page origin', () => {
    renderApi();
    const panel = screen.getByRole('tabpanel', { name: 'REST' });
    const code = within(panel)
      .getAllByRole('figure')
      .map((figure) => figure.querySelector('code')?.textContent);
    const { rest } = examples();
    expect(code).toEqual([
      rest.removeBackground,
      rest.removeBackgroundPng,
      rest.usage,
      rest.removeBg,
    ]);
    expect(rest.removeBackground).toContain(`'${window.location.origin}/api/v1/remove-background'`);
  });

  it('switches to the JavaScript and Python examples', async () => {
    const user = userEvent.setup();
    renderApi();
    await user.click(screen.getByRole('tab', { name: 'JavaScript' }));
    expect(
      screen.getByRole('tabpanel', { name: 'JavaScript' }).querySelector('code'),
    ).toHaveTextContent(/openAsBlob/);
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    expect(
      screen.getByRole('tabpanel', { name: 'Python' }).querySelector('code')?.textContent,
    ).toBe(examples().python);
  });

  it("copies an example and confirms with 'Copied'", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApi();
    await user.click(screen.getByRole('tab', { name: 'Python' }));
    await user.click(screen.getByRole('button', { name: /^Copy/ }));
    expect(writeText).toHaveBeenCalledWith(examples().python);
    expect(await navigator.clipboard.readText()).toBe(examples().python);
    expect(screen.getByRole('button', { name: /^Copied/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard');
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    renderApi();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getAllByRole('button', { name: /^Copy/ })[0]!);
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /^Copied/ })).toBeNull();
  });

  it('lists both endpoints and the error statuses with the error body', () => {
    renderApi();
    expect(
      screen.getByRole('heading', { name: /POST\s*\/api\/v1\/remove-background/ }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: /GET\s*\/api\/v1\/user\/usage/ })).toBeVisible();
    const statuses = screen
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
      .filter((text) => /^\d{3}$/.test(text ?? ''));
    expect(statuses).toEqual(['400', '401', '402', '413', '415', '422', '429', '503']);
    expect(screen.getByText(/"error": \{/)).toBeInTheDocument();
  });

  it('sends Get API Key to sign-up (then the settings) for visitors and to the settings when signed in', () => {
    const { unmount } = renderApi();
    for (const link of screen.getAllByRole('link', { name: 'Get API Key' })) {
      expect(link).toHaveAttribute('href', '/signup?redirect=%2Fdashboard%2Fsettings');
    }
    for (const link of screen.getAllByRole('link', { name: 'Contact Sales' })) {
      expect(link).toHaveAttribute('href', '/contact');
    }
    unmount();
    renderApi(true);
    for (const link of screen.getAllByRole('link', { name: 'Get API Key' })) {
      expect(link).toHaveAttribute('href', '/dashboard/settings');
    }
  });
});
