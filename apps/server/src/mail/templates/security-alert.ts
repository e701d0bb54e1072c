import { appTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { factLines } from './facts.js';

/**
 * A security alert to an admin whose security alerts are on (an admin sign-in from a new
 * address, an account locked out).
 */
export function securityAlertMail(
  admin: { email: string; name: string },
  alert: {
    title: string;
    facts: Record<string, string | number | null | undefined>;
    auditLogUrl: string;
  },
): MailMessage {
  return {
    to: admin.email,
    subject: `[${appTexts.productName} security] ${alert.title}`,
    text: [
      `Hello ${admin.name},`,
      '',
      `${alert.title}.`,
      ...factLines(alert.facts),
      '',
      `The audit log: ${alert.auditLogUrl}`,
      'You get this mail because security alerts are on in the admin overview.',
    ].join('\n'),
  };
}
