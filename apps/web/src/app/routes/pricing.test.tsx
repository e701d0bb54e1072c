import {
  checkoutTexts,
  plans,
  type BillingSummary,
  type Order,
  policyTexts,
} from '@cutout/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CreateCheckoutModule from '../../features/payments/api/create-checkout';
import { createCheckout } from '../../features/payments/api/create-checkout';
import { apiError, json, stubFetch } from '../../test/fetch';
import { anUser, renderRoutes, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import PricingRoute from './pricing';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);
vi.mock('../../features/payments/api/create-checkout', async (importOriginal) => {
  const actual = await importOriginal<typeof CreateCheckoutModule>();
  return { ...actual, createCheckout: vi.fn(actual.createCheckout) };
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPricing({ path = '/pricing', signedIn = false, admin = false } = {}) {
  return renderRoutes(
    [
      {
        path: '/pricing',
        element: (
          <>
            <PricingRoute />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    {
      path,
      queryClient: testQueryClient({
        user: admin ? { ...anUser, role: 'admin' } : signedIn ? anUser : null,
      }),
    },
  );
}

const card = (name: string) => screen.getByRole('group', { name });

const paidOrder: Order = {
  id: 'o1',
  receiptNumber: 'CUT-20260101-AAAA',
  status: 'paid',
  provider: 'sandbox',
  planId: 'credits-100',
  planName: '100 Credits',
  amountCents: 2062,
  currency: 'USD',
  credits: 100,
  refundedCredits: 0,
  lotExpiresAt: '2027-01-01T00:00:00.000Z',
  testMode: true,
  paidAt: '2026-01-01T00:00:00.000Z',
  refundedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  refundedCents: 0,
  discountCents: 0,
  reviewReason: null,
  paymentMethod: 'Visa •••• 4242',
  invoiceNumber: 'TEST-000001',
  creditNotes: [],
  refundable: null,
  refundRequest: null,
};

let billing: BillingSummary;
let contactEmail: string | null;
const salesAddress = 'sales@example.com';

beforeEach(() => {
  resetToastSpy();
  contactEmail = salesAddress;
  billing = {
    balance: 10,
    lots: [],
    nextExpiry: null,
    usage: { thisMonth: 0, last30Days: [] },
    purchasedPlanIds: [],
    recentOrder: null,
    provider: 'sandbox',
    testMode: true,
  };
  stubFetch((call) => {
    if (call.url === '/api/plans')
      return json({ plans, provider: 'sandbox', testMode: true, contactEmail });
    if (call.url === '/api/me/billing') return json(billing);
    // What the server answers when nothing can be sold (no provider, or no variant for the plan).
    if (call.url === '/api/checkouts') return apiError(503, checkoutTexts.unavailableTitle);
    return apiError(404, 'Not found.');
  });
});

/** The enterprise Contact Sales link once the plans answer has given it a contact address. */
async function salesMailLink() {
  const section = screen.getByRole('region', { name: 'Custom volume for teams' });
  return waitFor(() => {
    const link = within(section).getByRole('link', { name: 'Contact Sales' });
    expect(link.getAttribute('href')).toMatch(/^mailto:/);
    return link;
  });
}

describe('pricing page', () => {
  it('shows the plans with exact prices, per-credit prices, validity and the popular badge', () => {
    renderPricing();
    const free = card('Free Forever');
    expect(within(free).getByTestId('plan-price')).toHaveTextContent(/^\$0$/);
    expect(within(free).getByText('Forever')).toBeInTheDocument();
    expect(within(free).queryByText(/Valid for/)).toBeNull();

    const expected = [
      ['10 Credits', '$5.15', '$0.52/credit'],
      ['100 Credits', '$20.62', '$0.21/credit'],
      ['1000 Credits', '$30.93', '$0.03/credit'],
    ] as const;
    for (const [name, price, perCredit] of expected) {
      const c = card(name);
      expect(within(c).getByTestId('plan-price')).toHaveTextContent(price);
      expect(within(c).getByTestId('plan-per-credit')).toHaveTextContent(perCredit);
      expect(within(c).getByText('Valid for 1 year')).toBeInTheDocument();
    }
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(within(card('100 Credits')).getByText('Most Popular')).toBeInTheDocument();
  });

  it('has every section: validity note, enterprise, FAQ and the closing call to action', () => {
    renderPricing();
    for (const name of [
      'How long credits last',
      'Custom volume for teams',
      'Frequently asked questions',
      'Ready to remove backgrounds?',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const cta = screen.getByRole('region', { name: 'Ready to remove backgrounds?' });
    expect(within(cta).getByRole('link', { name: 'View All Plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(within(cta).getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('says the one commercial policy on expiry, refunds and free credits (decision 0125)', () => {
    renderPricing();
    expect(
      screen.getAllByText(/valid for one year from the date of purchase/).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText(policyTexts.refunds)).toBeInTheDocument();
    expect(screen.getAllByText(/10 free credits/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/non-refundable|never expire|money-back|3 free/)).toBeNull();
  });

  it('sends signed-out visitors to sign-up from Free Forever and from Buy Now', async () => {
    renderPricing();
    expect(
      within(card('Free Forever')).getByRole('link', { name: 'Sign Up For Free' }),
    ).toHaveAttribute('href', '/signup');
    const buy = within(card('10 Credits')).getByRole('link', { name: 'Buy Now' });
    expect(buy).toHaveAttribute('href', '/signup');
    await userEvent.click(buy);
    expect(await screen.findByTestId('where')).toHaveTextContent('/signup');
    await waitFor(() => expect(toastSpy.info).toHaveBeenCalledWith(checkoutTexts.signUpToContinue));
    expect(createCheckout).not.toHaveBeenCalled();
  });

  it('shows a signed-in user without paid packs Free Forever as their current plan', async () => {
    renderPricing({ signedIn: true });
    const current = await within(card('Free Forever')).findByRole('button', {
      name: 'Your Current Plan',
    });
    expect(current).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Purchased' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Buy Now' })).toHaveLength(3);
  });

  it('tells a signed-in user that purchases are unavailable when nothing can be sold, without leaving the page', async () => {
    renderPricing({ signedIn: true });
    await userEvent.click(within(card('100 Credits')).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(checkoutTexts.unavailableTitle, {
        description: checkoutTexts.unavailableDescription,
      }),
    );
    expect(createCheckout).toHaveBeenCalledWith(expect.objectContaining({ id: 'credits-100' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/pricing$/);
    expect(toastSpy.success).not.toHaveBeenCalled();
    for (const button of screen.getAllByRole('button', { name: 'Buy Now' })) {
      expect(button).toBeEnabled();
    }
  });

  it("marks a bought pack 'Purchased' and still lets the user buy it again", async () => {
    billing = { ...billing, purchasedPlanIds: ['credits-100'] };
    renderPricing({ signedIn: true });
    expect(await within(card('100 Credits')).findByTestId('plan-purchased')).toHaveTextContent(
      'Purchased',
    );
    expect(within(card('100 Credits')).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(within(card('10 Credits')).queryByTestId('plan-purchased')).toBeNull();
  });

  it('keeps test mode, an operator notice, off the page for visitors and users (issue 26)', async () => {
    for (const signedIn of [false, true]) {
      renderPricing({ signedIn });
      // The plans answer (test mode on) has arrived once the address it carries is in the link.
      await salesMailLink();
      expect(screen.queryByText(/Test mode/)).toBeNull();
      expect(document.body.textContent).not.toMatch(/\.local\b/);
      cleanup();
    }
  });

  it("keeps 'Checkout not configured', an operator notice, from a buyer (issue 26)", async () => {
    renderPricing({ signedIn: true });
    await userEvent.click(within(card('10 Credits')).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalled());
    const told = JSON.stringify([toastSpy.error.mock.calls, toastSpy.info.mock.calls]);
    expect(told).not.toContain(checkoutTexts.notConfigured);
    expect(told).not.toMatch(/configur|sandbox|test mode|provider|variant/i);
    expect(document.body.textContent).not.toMatch(/configur|sandbox/i);
  });

  it("shows an admin trying to buy the spec's 'Checkout not configured', with where to fix it", async () => {
    renderPricing({ admin: true });
    await userEvent.click(within(card('10 Credits')).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(checkoutTexts.notConfigured, {
        description: checkoutTexts.notConfiguredAdminDescription,
      }),
    );
  });

  it('sends Contact Sales to the contact form when no contact address is set', async () => {
    contactEmail = null;
    const { queryClient } = renderPricing({ signedIn: true });
    await waitFor(() => expect(queryClient.getQueryData(['plans'])).toBeTruthy());
    const link = within(screen.getByRole('region', { name: 'Custom volume for teams' })).getByRole(
      'link',
      { name: 'Contact Sales' },
    );
    expect(link).toHaveAttribute('href', '/contact');
  });

  it('disables every Buy Now while a checkout loads', async () => {
    vi.mocked(createCheckout).mockReturnValueOnce(new Promise<string>(() => undefined));
    renderPricing({ signedIn: true });
    await userEvent.click(within(card('10 Credits')).getByRole('button', { name: 'Buy Now' }));
    const loading = within(card('10 Credits')).getByRole('button', { name: /Buy Now/ });
    expect(loading).toBeDisabled();
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading).toHaveAccessibleName(/^Buy Now\s*Opening checkout…$/);
    expect(within(card('1000 Credits')).getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it('opens a mail draft to sales from the enterprise section, with the info toast', async () => {
    renderPricing({ signedIn: true });
    const link = await salesMailLink();
    const href = link.getAttribute('href') ?? '';
    expect(href).toMatch(/^mailto:sales@example\.com\?subject=Enterprise%20Inquiry&body=/);
    expect(decodeURIComponent(href)).toContain('Jane Doe');
    // jsdom does not follow mailto: links; the click handler is what matters here.
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() =>
      expect(toastSpy.info).toHaveBeenCalledWith(checkoutTexts.openingEmailTitle, {
        description: checkoutTexts.openingEmailDescription,
      }),
    );
  });

  it('signs the draft as Prospective Customer for visitors', async () => {
    renderPricing();
    const link = await salesMailLink();
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toMatch(/Prospective Customer$/);
  });
});

describe('returning from checkout', () => {
  it('?success=true with a just-completed paid order: success toast, then the credits page', async () => {
    billing = { ...billing, recentOrder: paidOrder, purchasedPlanIds: ['credits-100'] };
    renderPricing({ path: '/pricing?success=true', signedIn: true });
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/credits'),
    );
    await waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith(checkoutTexts.purchasedTitle, {
        description: checkoutTexts.purchasedDescription,
      }),
    );
    expect(toastSpy.success).toHaveBeenCalledTimes(1);
  });

  it('?success=true without a real order shows nothing and cleans the address', async () => {
    const { router } = renderPricing({ path: '/pricing?success=true', signedIn: true });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/pricing');
    const signedOut = renderPricing({ path: '/pricing?success=true' });
    await waitFor(() => expect(signedOut.router.state.location.search).toBe(''));
    expect(toastSpy.success).not.toHaveBeenCalled();
  });

  it('?canceled=true: cancelled toast, then /pricing without the query, replacing history', async () => {
    const { router } = renderPricing({ path: '/pricing?canceled=true' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(toastSpy.info).toHaveBeenCalledWith(checkoutTexts.cancelledTitle, {
        description: checkoutTexts.cancelledDescription,
      }),
    );
    expect(toastSpy.info).toHaveBeenCalledTimes(1);
  });

  it('ignores other values', async () => {
    renderPricing({ path: '/pricing?success=false&canceled=1' });
    await screen.findByTestId('where');
    expect(screen.getByTestId('where')).toHaveTextContent('/pricing?success=false&canceled=1');
    expect(toastSpy.success).not.toHaveBeenCalled();
    expect(toastSpy.info).not.toHaveBeenCalled();
  });
});
