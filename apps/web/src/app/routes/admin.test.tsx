import { paths, type AdminOverview } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminBannerTexts, adminOverviewTexts } from '../../features/admin/texts';
import { apiError, json, stubFetch } from '../../test/fetch';
import { anAdmin, renderRoutes, testQueryClient } from '../../test/render';
import AdminRoute from './admin';
import AdminLayout from './layouts/admin-layout';

// The operator is told when payments are not safe to go live (issue 23, decision 0120): with no
// provider the overview shows 'Set up payments' instead of sales figures; with the sandbox
// chosen in production every admin page carries a banner.

const payments = (p: Partial<AdminOverview['payments']>): AdminOverview['payments'] => ({
  provider: 'none',
  configured: false,
  sandboxInProduction: false,
  testMode: false,
  ...p,
});

const overview = (p: AdminOverview['payments']): AdminOverview => ({
  users: { total: 3, newLast7Days: 1 },
  images: { today: 0, last7Days: 0, last30Days: 0 },
  sales: p.configured
    ? {
        creditsSold30Days: 110,
        revenue30Days: { amount: 20.62, currency: 'USD' },
        liveOrders30Days: 1,
        testOrders30Days: 1,
      }
    : null,
  payments: p,
  botCheck: true,
  jobs: { failedToday: 0, failed30Days: 0 },
  queue: { running: 0, workers: 1, waiting: 0, capacity: 4, health: { status: 'ok' } },
  engine: { status: 'ok' },
  recentActivity: [],
  generatedAt: '2026-11-25T12:00:00.000Z',
});

function serve(p: AdminOverview['payments']) {
  return stubFetch((call) => {
    const url = new URL(call.url, 'http://x').pathname;
    if (url === '/api/admin/overview') return json(overview(p));
    if (url === '/api/admin/preferences')
      return json({ notifications: true, securityAlerts: true });
    if (url === '/api/admin/payments-status') return json(p);
    return apiError(404, 'Not found');
  });
}

/** The admin layout with the overview and a stand-in for each other admin page. */
function renderAdmin(path: string) {
  const others = [
    paths.adminUsers,
    paths.adminSubscriptions,
    paths.adminIntegrationSettings,
    paths.adminSettings,
    paths.adminAuditLog,
  ].map((p) => ({ path: p, element: <h1>{p}</h1> }));
  return renderRoutes(
    [
      {
        element: <AdminLayout />,
        children: [{ path: paths.admin, element: <AdminRoute /> }, ...others],
      },
    ],
    { path, queryClient: testQueryClient({ user: anAdmin }) },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('admin overview and banner', () => {
  it('no provider: the Set up payments card links to Integrations instead of sales figures', async () => {
    serve(payments({}));
    renderAdmin(paths.admin);
    const card = await screen.findByTestId('set-up-payments');
    expect(within(card).getByText(adminOverviewTexts.setUpPaymentsTitle)).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: adminOverviewTexts.setUpPaymentsAction }),
    ).toHaveAttribute('href', paths.adminIntegrationSettings);
    expect(screen.queryByTestId('figure-sales')).toBeNull();
    // Not selling is not the sandbox selling: no banner.
    expect(screen.queryByTestId('sandbox-banner')).toBeNull();
  });

  it('a provider set up: sales figures with test orders counted apart, no card', async () => {
    serve(payments({ provider: 'lemonsqueezy', configured: true }));
    renderAdmin(paths.admin);
    expect(await screen.findByTestId('figure-sales')).toHaveTextContent('110');
    expect(screen.getByText(adminOverviewTexts.salesDetail('$20.62', 1, 1))).toBeInTheDocument();
    expect(screen.queryByTestId('set-up-payments')).toBeNull();
    expect(screen.queryByTestId('sandbox-banner')).toBeNull();
  });

  it.each([
    paths.admin,
    paths.adminUsers,
    paths.adminSubscriptions,
    paths.adminIntegrationSettings,
    paths.adminSettings,
    paths.adminAuditLog,
  ])('the sandbox chosen in production: %s carries the banner', async (path) => {
    serve(
      payments({
        provider: 'sandbox',
        configured: true,
        sandboxInProduction: true,
        testMode: true,
      }),
    );
    renderAdmin(path);
    const banner = await screen.findByTestId('sandbox-banner');
    expect(banner).toHaveTextContent(adminBannerTexts.title);
    expect(banner).toHaveTextContent(adminBannerTexts.body);
    expect(within(banner).getByRole('link', { name: adminBannerTexts.action })).toHaveAttribute(
      'href',
      paths.adminIntegrationSettings,
    );
  });
});
