import { verifyEmailTexts, type Batch } from '@cutout/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchProcessor } from '../../features/batches/components/batch-processor';
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
  emailVerified: true,
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

const noUsage = {
  credits: 10,
  images_processed: 0,
  images_processed_this_month: 0,
  free_previews_left_this_month: 50,
};

function answer(me: unknown, entries: unknown[] = [grant], usage: unknown = noUsage) {
  return stubFetch(({ url }) => {
    if (url === '/api/me') return me instanceof Response ? me : json(me);
    if (url.startsWith('/api/me/credits/history?')) return json({ entries });
    if (url === '/api/me/usage') return json(usage);
    if (url === '/api/auth/verify-email/resend')
      return json({ message: verifyEmailTexts.resent(anUser.email) });
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
      free_previews_left_this_month: 41,
    });
    renderOverview();
    expect(await screen.findByTestId('usage-month')).toHaveTextContent('2');
    expect(screen.getByText('Images processed this month')).toBeInTheDocument();
    expect(screen.getByText('7 images processed in all')).toBeInTheDocument();
    // The monthly free allowance is the server's figure (decision 0081), not a placeholder.
    expect(screen.getByTestId('usage-free-previews')).toHaveTextContent(
      '41 of 50 free API previews left this month',
    );
  });

  it('follows a batch without a reload: balance, usage and free previews as each image finishes (issue 26)', async () => {
    // The server's batch moves on only when the test says so; the account's figures follow
    // the images completed in the answer last given, as the server's ledger would.
    const item = (n: number, status: 'processing' | 'completed') => ({
      id: `i${n}`,
      position: n,
      originalName: `photo-${n}.jpg`,
      status,
      progress: status === 'completed' ? 100 : 40,
      error: null,
      jobId: `j${n}`,
      original: `/api/jobs/j${n}/original`,
      result: null,
    });
    const batchAt = (completed: number): Batch => {
      const items = [0, 1, 2].map((n) => item(n, n < completed ? 'completed' : 'processing'));
      return {
        id: 'b1',
        createdAt: profile.createdAt,
        items,
        counts: { pending: 0, processing: 3 - completed, completed, error: 0 },
      };
    };
    let step = 0;
    let served = 0;
    stubFetch(({ url }) => {
      const credits = 10 - served;
      if (url === '/api/me') return json({ ...profile, credits });
      if (url.startsWith('/api/me/credits/history?')) return json({ entries: [grant] });
      if (url === '/api/me/usage') {
        return json({
          credits,
          images_processed: served,
          images_processed_this_month: served,
          // An API preview made meanwhile: the figure is read again with the others.
          free_previews_left_this_month: served === 3 ? 49 : 50,
        });
      }
      if (url === '/api/batches') {
        return json({
          batches: [{ id: 'b1', createdAt: profile.createdAt, counts: batchAt(0).counts }],
        });
      }
      if (url === '/api/batches/b1') {
        served = step;
        return json(batchAt(step));
      }
      return apiError(404, 'Not found');
    });
    localStorage.setItem(`cutout:greeted:${anUser.id}`, '2026-03-04T00:00:00.000Z');
    renderAt(
      <DashboardOverview
        sessionName="Jane Doe"
        sessionUserId={anUser.id}
        tab="batch"
        onTabChange={() => undefined}
        workspace={{
          single: () => null,
          batch: (credits, onCreditsChanged) => (
            <BatchProcessor credits={credits} onCreditsChanged={onCreditsChanged} />
          ),
        }}
      />,
      { path: '/dashboard', queryClient: testQueryClient({ user: anUser }) },
    );
    const balance = await screen.findByTestId('credits-balance');
    expect(balance).toHaveTextContent('10');
    expect(await screen.findByText('No images processed this month')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('batch-process')).toHaveTextContent('Processing 3 images…'),
    );

    // One image done, two still processing: the cards show it before the batch ends.
    step = 1;
    await waitFor(() => expect(balance).toHaveTextContent('9'), { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('usage-month')).toHaveTextContent('1'));
    expect(screen.getByText('1 image processed in all')).toBeInTheDocument();
    expect(screen.getByTestId('batch-process')).toHaveTextContent('Processing 2 images…');

    step = 3;
    await waitFor(() => expect(balance).toHaveTextContent('7'), { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('usage-month')).toHaveTextContent('3'));
    expect(screen.getByText('3 images processed in all')).toBeInTheDocument();
    expect(screen.getByTestId('usage-free-previews')).toHaveTextContent(
      '49 of 50 free API previews left this month',
    );
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

  it('tells an unconfirmed account why its balance is 0 and resends the link (decision 0265)', async () => {
    const calls = answer({ ...profile, credits: 0, emailVerified: false }, []);
    renderDashboard();
    expect(
      await screen.findByText(verifyEmailTexts.balanceZeroBecause(anUser.email)),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: verifyEmailTexts.resend }));
    expect(await screen.findByText(verifyEmailTexts.resent(anUser.email))).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/verify-email/resend')).toBe(true);
  });

  it('says the address is confirmed after the mailed link, and nothing more once it is', async () => {
    answer(profile);
    const view = renderAt(<DashboardRoute />, {
      path: '/dashboard?email=confirmed',
      queryClient: testQueryClient({ user: anUser }),
    });
    expect(await screen.findByText(verifyEmailTexts.confirmed)).toBeInTheDocument();
    view.unmount();
    answer(profile);
    renderDashboard();
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('10');
    expect(screen.queryByText(verifyEmailTexts.confirmed)).toBeNull();
    expect(screen.queryByTestId('email-confirmation')).toBeNull();
  });

  it('says when the mailed link was invalid, with the way to a new one', async () => {
    answer({ ...profile, credits: 0, emailVerified: false }, []);
    renderAt(<DashboardRoute />, {
      path: '/dashboard?email=invalid',
      queryClient: testQueryClient({ user: anUser }),
    });
    expect(await screen.findByText(verifyEmailTexts.invalidLink)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: verifyEmailTexts.resend })).toBeInTheDocument();
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
