// Payments (issue 12): providers, order states and the texts the billing pages and the sandbox
// checkout show. Zod-free; the schemas are in schemas/payments.ts; the endpoints and the test-mode
// notice, which the pricing page needs, are in payments-api.ts (kept small for its first load).
import { testModeText } from './payments-api.js';

export const paymentProviders = ['sandbox', 'lemonsqueezy', 'none'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const orderStatuses = ['paid', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Where a checkout stands, as /payment-success shows it. */
export const checkoutStates = ['waiting', 'paid', 'refunded'] as const;
export type CheckoutState = (typeof checkoutStates)[number];

/** The sandbox provider's test cards (docs/decisions/0072). */
export const sandboxCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

export const paymentTexts = {
  testMode: testModeText,
  sandboxTitle: 'Cutout sandbox checkout',
  cardDeclined: 'Your card was declined. No payment was taken.',
  unknownCard: 'Use one of the test card numbers shown on this page.',
  badExpiry: 'Enter an expiry date in the future (MM/YY).',
  badCvc: 'Enter the 3-digit security code.',
  checkoutClosed: 'This checkout is no longer open.',
  unknownPlan: 'That plan does not exist.',
  notForSale: 'That plan cannot be bought through checkout.',
  freePlan: 'The free plan needs no checkout.',
  enterprisePlan: 'Enterprise is arranged with our sales team. Please contact sales.',
  inactivePlan: 'That plan is not on sale at the moment.',
  notRefundable: 'This order has already been refunded.',
  refundUnavailable:
    "This order's payment provider is not configured, so it cannot be refunded here.",
  waitingTitle: 'Confirming your payment…',
  waitingBody:
    'Your payment was sent. We are waiting for the payment provider to confirm it; this page updates by itself.',
  paidTitle: 'Payment complete',
  refundedTitle: 'This order was refunded',
  receiptSent: 'Receipt sent to your e-mail address.',
  receiptFailed: 'The receipt could not be sent. Please try again.',
  receiptNumber: 'Receipt',
  downloadReceipt: 'Download receipt',
  emailReceipt: 'E-mail receipt',
  refresh: 'Refresh',
  balance: 'Current balance',
  creditsHistory: 'Credit history',
  orders: 'Orders and receipts',
  noOrders: 'No orders yet.',
  usage: 'Usage',
  thisMonth: 'Images this month',
  last30Days: 'Last 30 days',
  buy: 'Buy',
  lotExpires: (date: string) => `Credits valid until ${date}`,
  salesTitle: 'Need more?',
  salesBody:
    'For volume pricing, integration help or invoices for your team, talk to our sales team.',
} as const;
