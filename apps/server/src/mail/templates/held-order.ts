import { appTexts, formatPrice, paymentTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';

/**
 * To the buyer of an order held for review (decision 0264): when it is held (the return page's
 * words), and again when an admin resolves it — credited, or refunded in full.
 */
export type HeldOrderMail =
  | { kind: 'held' }
  | { kind: 'credited'; credits: number }
  | { kind: 'refunded'; refundedCents: number };

export function heldOrderMail(
  to: string,
  order: {
    receiptNumber: string;
    planName: string | null;
    amountCents: number;
    currency: string;
    /** The buyer's orders page. */
    billingUrl: string;
  },
  mail: HeldOrderMail,
): MailMessage {
  const product = appTexts.productName;
  const paid = formatPrice(order.amountCents / 100, order.currency);
  const subject =
    mail.kind === 'held'
      ? `${paymentTexts.needsReviewTitle}: ${product} order ${order.receiptNumber}`
      : `Your ${product} order ${order.receiptNumber} was checked`;
  const body =
    mail.kind === 'held'
      ? paymentTexts.needsReviewBody
      : mail.kind === 'credited'
        ? paymentTexts.heldCredited(mail.credits)
        : paymentTexts.heldRefunded(formatPrice(mail.refundedCents / 100, order.currency));
  return {
    to,
    subject,
    text: [
      body,
      '',
      `Order: ${order.receiptNumber}`,
      `Pack: ${order.planName ?? 'Credit pack'}`,
      `Paid: ${paid}`,
      '',
      `Your orders: ${order.billingUrl}`,
      'Reply to this mail or use the contact page if you have a question.',
    ].join('\n'),
  };
}
