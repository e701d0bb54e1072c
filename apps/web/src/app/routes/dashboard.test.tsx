import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/fetch';
import { anUser, renderAt, testQueryClient } from '../../test/render';
import DashboardRoute from './dashboard';

const profile = {
  id: anUser.id,
  email: anUser.email,
  name: 'Jane Doe',
  role: 'user',
  credits: 10,
  accountType: 'personal',
  createdAt: '2026-03-04T10:00:00.000Z',
};

const grant = {
  id: 'l1',
  kind: 'grant',
  amount: 10,
  balanceAfter: 10,
  reason: 'Welcome credits',
  reference: null,
  createdAt: profile.createdAt,
};

function answer(me: unknown, entries: unknown[] = [grant]) {
  return stubFetch(({ url }) => {
    if (url === '/api/me') return me instanceof Response ? me : json(me);
    if (url.startsWith('/api/me/credits/history?')) return json({ entries });
    return apiError(404, 'Not found');
  });
}

function renderDashboard() {
  return renderAt(<DashboardRoute />, {
    path: '/dashboard',
    queryClient: testQueryClient({ user: anUser }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('dashboard', () => {
  it('welcomes the user and shows the real balance, member-since date and usage', async () => {
    const calls = answer(profile);
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Jane Doe!');
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('10');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2026')).toBeInTheDocument();
    expect(await screen.findByText('No images processed yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /buy credits/i })).toHaveAttribute(
      'href',
      '/dashboard/subscriptions',
    );
    expect(screen.queryByText('Pro Feature')).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/me/credits/history?page=1&per_page=100');
  });

  it('counts processed images from the ledger', async () => {
    const spend = { ...grant, kind: 'spend', amount: -1 };
    answer({ ...profile, credits: 8 }, [
      { ...spend, id: 's2', balanceAfter: 8 },
      { ...spend, id: 's1', balanceAfter: 9 },
      grant,
    ]);
    renderDashboard();
    expect(await screen.findByText('Images processed')).toBeInTheDocument();
    expect(screen.getByText('Images processed').previousElementSibling).toHaveTextContent('2');
  });

  it("shows the 'Pro Feature' upgrade prompt and 'No Credits' at a balance of 0", async () => {
    answer({ ...profile, credits: 0 });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Pro Feature' })).toBeInTheDocument();
    expect(screen.getByText('No Credits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/pricing');
  });

  it('says so when the profile cannot be loaded, and can retry', async () => {
    // A 4xx: the api client retries 5xx reads with backoff, which would outlast the test.
    answer(apiError(401, 'You must be logged in'));
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your credits and subscription data',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
