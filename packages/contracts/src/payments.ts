// Payments (issue 12): providers, order states and the texts the billing pages and the sandbox
// checkout show. Zod-free; the schemas are in schemas/payments.ts; the endpoints and the test-mode
// notice, which the pricing page needs, are in payments-api.ts (kept small for its first load).
import { testModeText } from './payments-api.js';

export const paymentProviders = ['sandbox', 'lemonsqueezy', 'none'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/**
 * An order's state: 'needs_review' when its amount, variant, currency, quantity or test mode did
 * not match what its checkout said (held, not credited, decision 0120); 'partially_refunded'
 * after a refund of part of its amount (0121).
 */
export const orderStatuses = ['paid', 'partially_refunded', 'refunded', 'needs_review'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Where a checkout stands, as /payment-success shows it. */
export const checkoutStates = [
  'waiting',
  'paid',
  'partially_refunded',
  'refunded',
  'needs_review',
] as const;
export type CheckoutState = (typeof checkoutStates)[number];

/** A buyer's refund request (decision 0125). */
export const refundRequestStatuses = ['requested', 'approved', 'declined'] as const;
export type RefundRequestStatus = (typeof refundRequestStatuses)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  needs_review: 'Needs review',
};

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
  refundAmountInvalid: (leftCents: number) =>
    `Enter an amount above 0 and at most ${(leftCents / 100).toFixed(2)}, what is left to refund.`,
  refundRace: 'Another refund of this order was just made. Reload and try again.',
  /** A held order (decision 0264): the return page and the buyer's mail say the same. */
  needsReviewTitle: 'Your payment is being checked',
  needsReviewBody:
    'We received your payment and are checking it; your credits will follow, or your money back. We will e-mail you either way.',
  /** The admin's resolution of a held order, mailed to its buyer. */
  heldCredited: (credits: number) =>
    `We checked your payment: ${credits} credits were added to your account.`,
  heldRefunded: (amount: string) =>
    `We checked your payment and refunded it: ${amount} goes back to the payment method you used. No credits were added.`,
  partiallyRefundedTitle: 'This order was partly refunded',
  refundUnavailable:
    "This order's payment provider is not configured, so it cannot be refunded here.",
  refundProviderFailed:
    'The payment provider did not accept the refund: nothing was refunded and no credits were removed. Try again later, or refund the order in the provider’s dashboard.',
  waitingTitle: 'Confirming your payment…',
  waitingBody:
    'Your payment was sent. We are waiting for the payment provider to confirm it; this page updates by itself.',
  paidTitle: 'Payment complete',
  refundedTitle: 'This order was refunded',
  receiptSent: 'Invoice sent to your e-mail address.',
  /** No mail server: the buyer is not told about the site's set-up (issue 26), only what to do. */
  receiptQueued: 'The invoice could not be e-mailed right now. Please download it instead.',
  receiptFailed: 'The invoice could not be sent. Please try again.',
  /** The order's number, called so on the success page, the orders, the invoice and the mails. */
  receiptNumber: 'Order number',
  invoiceNumber: 'Invoice',
  downloadReceipt: 'Download invoice (PDF)',
  downloadCreditNote: (number: string) => `Download credit note ${number} (PDF)`,
  emailReceipt: 'E-mail receipt',
  requestRefund: 'Request refund',
  refundRequestTitle: 'Request a refund?',
  refundRequestBody: (credits: number, amount: string, until: string) =>
    `The ${credits} unused credits of this pack are worth ${amount} now. Once an administrator approves, the credits still unused then are removed and their share refunded to your card. You can ask until ${until}.`,
  refundRequestReason: 'Reason (optional)',
  refundRequestSend: 'Send request',
  refundRequested: 'Refund requested. We will e-mail you when it has been decided.',
  refundRequestPending: 'Refund requested',
  refundRequestDeclined: (reason: string) => `Refund declined: ${reason}`,
  refundRequestApproved: 'Refund approved',
  refundWindowClosed: `Refunds can be asked for within 30 days of purchase, while credits of the pack are unused.`,
  refundNothingUnused:
    'Every credit of this pack has been used or has expired: nothing is left to refund.',
  refundAlreadyRequested: 'A refund of this order has already been requested.',
  refundNotPaid: 'Only a paid order can be refunded.',
  notHeld: 'Only an order held for review can be credited this way.',
  heldWithoutBuyer:
    'This order has no Cutout account to credit (the buyer is unknown or was deleted). Refund it instead.',
  creditsNeeded: 'Enter how many credits this order grants.',
  refundRequestNotOpen: 'This refund request has already been decided.',
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
