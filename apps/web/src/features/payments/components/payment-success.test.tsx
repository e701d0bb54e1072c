import { paymentTexts, type CheckoutStatus, type Order } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../../test/fetch';
import { anUser, renderAt, testQueryClient } from '../../../test/render';
import { PaymentSuccess } from './payment-success';

vi.mock(
  '../../../lib/toast',
  async () => (await import('../../../test/toast-mock')).toastModuleMock,
);

// /payment-success reads the checkout's state from the server and says what it is: a held order
// is told that its payment arrived and is being checked, not 'Confirming your payment…' forever.

const heldOrder: Order = {
  id: 'o1',
  receiptNumber: 'CUT-20261128-AAAA',
  status: 'needs_review',
  provider: 'lemonsqueezy',
  planId: 'credits-10',
  planName: '10 Credits',
  amountCents: 515,
  currency: 'USD',
  credits: 10,
  refundedCredits: 0,
  lotExpiresAt: null,
  testMode: false,
  paidAt: null,
  refundedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  refundedCents: 0,
  discountCents: 0,
  reviewReason: 'price 5.15 USD instead of 6.00 USD',
  paymentMethod: null,
  invoiceNumber: null,
  refundable: null,
  refundRequest: null,
  creditNotes: [],
};

let status: CheckoutStatus;

beforeEach(() => {
  status = {
    id: 'chk1',
    state: 'needs_review',
    planId: 'credits-10',
    planName: '10 Credits',
    amountCents: 515,
    currency: 'USD',
    credits: 10,
    order: heldOrder,
    balance: 10,
    testMode: false,
  };
  stubFetch((call) =>
    call.url === '/api/checkouts/chk1' ? json(status) : apiError(404, 'Not found.'),
  );
});

const renderPage = () =>
  renderAt(<PaymentSuccess />, {
    path: '/payment-success?checkout=chk1',
    queryClient: testQueryClient({ user: anUser }),
  });

describe('payment success page', () => {
  it('a held order says its payment was received and is being checked', async () => {
    renderPage();
    expect(await screen.findByTestId('payment-state')).toHaveTextContent(
      paymentTexts.needsReviewTitle,
    );
    expect(screen.getByTestId('payment-state-note')).toHaveTextContent(
      'We received your payment and are checking it; your credits will follow, or your money back',
    );
    expect(screen.queryByText(paymentTexts.waitingTitle)).toBeNull();
    expect(screen.queryByText('Credits valid until')).toBeNull();
    expect(screen.getByTestId('current-balance')).toHaveTextContent('10');
  });

  it('a waiting checkout still says it is confirming; a paid one that it is complete', async () => {
    status = { ...status, state: 'waiting', order: null };
    const { unmount } = renderPage();
    expect(await screen.findByTestId('payment-state')).toHaveTextContent(paymentTexts.waitingTitle);
    expect(screen.getByTestId('payment-state-note')).toHaveTextContent(paymentTexts.waitingBody);
    unmount();
    status = {
      ...status,
      state: 'paid',
      balance: 20,
      order: { ...heldOrder, status: 'paid', lotExpiresAt: '2027-11-28T10:00:00.000Z' },
    };
    renderPage();
    expect(await screen.findByTestId('payment-state')).toHaveTextContent(paymentTexts.paidTitle);
    expect(screen.queryByTestId('payment-state-note')).toBeNull();
    expect(screen.getByText('Credits valid until')).toBeInTheDocument();
  });
});
