import { appTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { factLines } from './facts.js';

/**
 * A payments notification to an admin whose notifications are on (a purchase, a refund, an
 * order held for review, a refund request, the hourly digest of failed webhooks).
 */
export function adminNotificationMail(
  admin: { email: string; name: string },
  notice: {
    title: string;
    facts: Record<string, string | number | null | undefined>;
    /** The admin page to look at. */
    link: string;
  },
): MailMessage {
  return {
    to: admin.email,
    subject: `[${appTexts.productName}] ${notice.title}`,
    text: [
      `Hello ${admin.name},`,
      '',
      `${notice.title}:`,
      ...factLines(notice.facts),
      '',
      `See: ${notice.link}`,
      'You get this mail because notifications are on in the admin overview.',
    ].join('\n'),
  };
}
