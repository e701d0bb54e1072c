import { appTexts, formatPrice } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';

/**
 * To the buyer when an admin declines their refund request, with the admin's reason, or when the
 * refund rule closes it (every credit of the pack used since, decision 0263).
 */
export function refundDeclinedMail(
  to: string,
  refund: {
    receiptNumber: string;
    credits: number;
    planName: string | null;
    amountCents: number;
    currency: string;
    reason: string;
    /** The buyer's orders page. */
    billingUrl: string;
    /** Closed by the refund rule (every credit used since), not declined by an admin. */
    closed?: boolean;
  },
): MailMessage {
  return {
    to,
    subject: `Your ${appTexts.productName} refund request for order ${refund.receiptNumber}`,
    text: [
      `Your request to refund the ${refund.credits} unused credits of ${refund.planName ?? 'your pack'} (${formatPrice(refund.amountCents / 100, refund.currency)}) ${refund.closed ? 'is closed' : 'was declined'}.`,
      '',
      `Reason: ${refund.reason}`,
      '',
      `${refund.closed ? '' : 'Your credits stay in your account. '}Your orders: ${refund.billingUrl}`,
      'Reply to this mail or use the contact page if you have a question.',
    ].join('\n'),
  };
}
