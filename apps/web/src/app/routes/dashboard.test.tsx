import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardOverview } from '../../features/users/components/dashboard-overview';
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

const noUsage = { credits: 10, images_processed: 0, images_processed_this_month: 0 };

function answer(me: unknown, entries: unknown[] = [grant], usage: unknown = noUsage) {
  return stubFetch(({ url }) => {
    if (url === '/api/me') return me instanceof Response ? me : json(me);
    if (url.startsWith('/api/me/credits/history?')) return json({ entries });
    if (url === '/api/me/usage') return json(usage);
    return apiError(404, 'Not found');
  });
}

function renderDashboard() {
  return renderAt(<DashboardRoute />, {
    path: '/dashboard',
    queryClient: testQueryClient({ user: anUser }),
  });
}

/** The overview with stand-ins for the two tabs' contents (each is its own chunk). */
function renderOverview() {
  return renderAt(
    <DashboardOverview
      sessionName="Jane Doe"
      sessionUserId={anUser.id}
      workspace={{
        single: () => <p>single workspace</p>,
        batch: (credits) => <p>batch workspace with {credits} credits</p>,
      }}
    />,
    { path: '/dashboard', queryClient: testQueryClient({ user: anUser }) },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('dashboard', () => {
  it("says 'Welcome' on the account's first visit and 'Welcome back' after (issue 26)", () => {
    localStorage.clear();
    answer(profile);
    const first = renderOverview();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Jane Doe!');
    first.unmount();
    renderOverview();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Jane Doe!');
  });

  it('welcomes the user and shows the real balance, member-since date and usage', async () => {
    const calls = answer(profile);
    localStorage.setItem(`cutout:greeted:${anUser.id}`, '2026-03-04T00:00:00.000Z');
    renderOverview();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Jane Doe!');
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('10');
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2026')).toBeInTheDocument();
    expect(await screen.findByText('No images processed this month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /buy credits/i })).toHaveAttribute(
      'href',
      '/dashboard/subscriptions',
    );
    expect(screen.queryByText('Pro Feature')).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/me/usage');
  });

  it('counts the images processed this month from the jobs', async () => {
    answer({ ...profile, credits: 8 }, [grant], {
      credits: 8,
      images_processed: 7,
      images_processed_this_month: 2,
    });
    renderOverview();
    expect(await screen.findByTestId('usage-month')).toHaveTextContent('2');
    expect(screen.getByText('Images processed this month')).toBeInTheDocument();
    expect(screen.getByText('7 images processed in all')).toBeInTheDocument();
  });

  it('offers the Single and Batch tabs with credits, and the ad slot until a purchase', async () => {
    answer(profile);
    renderOverview();
    expect(await screen.findByRole('tab', { name: 'Single' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('single workspace')).toBeInTheDocument();
    expect(await screen.findByTestId('ad-slot')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Batch' }));
    expect(screen.getByText('batch workspace with 10 credits')).toBeInTheDocument();
  });

  it('shows no ad to a user who has bought credits', async () => {
    answer({ ...profile, credits: 110 }, [
      { ...grant, id: 'p1', kind: 'purchase', amount: 100, balanceAfter: 110 },
      grant,
    ]);
    renderOverview();
    expect(await screen.findByRole('tab', { name: 'Batch' })).toBeInTheDocument();
    await screen.findByText('110');
    // The ledger has loaded (the tabs need the profile; the ad rule needs the ledger).
    await vi.waitFor(() => expect(screen.queryByTestId('ad-slot')).toBeNull());
    expect(screen.queryByText('Remove Ads with Pro Plan')).toBeNull();
  });

  it("shows 'Pro Feature', 'No Credits' and the ad slot at a balance of 0, without the tabs", async () => {
    answer({ ...profile, credits: 0 });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Pro Feature' })).toBeInTheDocument();
    expect(screen.getByText('No Credits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByTestId('ad-slot')).toHaveTextContent('Advertisement');
    expect(screen.getByRole('link', { name: 'Remove Ads with Pro Plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.queryByRole('tab')).toBeNull();
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
