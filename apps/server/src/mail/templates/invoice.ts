import { appTexts, formatPrice, policyTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';

/** An invoice or a credit note, to the buyer, with its PDF attached. */
export function invoiceMail(
  to: string,
  document: {
    kind: 'invoice' | 'credit_note';
    /** The document's own title ('Invoice', 'Credit note', with the test-mode note). */
    title: string;
    number: string;
    totalCents: number;
    currency: string;
    testMode: boolean;
    /** The document's facts as label and value. */
    facts: [string, string][];
    /** The buyer's orders and invoices page. */
    billingUrl: string;
    pdf: { filename: string; content: Buffer };
  },
): MailMessage {
  const intro =
    document.kind === 'invoice'
      ? 'Thank you for your purchase. Your invoice is attached.'
      : `Your refund of ${formatPrice(document.totalCents / 100, document.currency)} was made. The credit note is attached; the money goes back to the payment method you used.`;
  return {
    to,
    subject: `Your ${appTexts.productName} ${document.title.toLowerCase()} ${document.number}`,
    text: [
      ...(document.testMode ? ['Test mode — no real payment.', ''] : []),
      intro,
      '',
      ...document.facts.map(([k, v]) => `${k}: ${v}`),
      '',
      policyTexts.summary,
      `Your orders and invoices: ${document.billingUrl}`,
    ].join('\n'),
    attachments: [
      {
        filename: document.pdf.filename,
        content: document.pdf.content,
        contentType: 'application/pdf',
      },
    ],
  };
}
