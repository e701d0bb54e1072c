import { appTexts, commercialPolicy, freeCreditsCondition, limits } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { escapeHtml } from './html.js';

/**
 * The sign-up mail (decision 0265): the link that confirms the address, which brings the free
 * credits. Sent again, with a new link, from the dashboard.
 */
export function verifyEmailMail(to: string, name: string, link: string): MailMessage {
  const hours = Math.round(limits.verifyEmailTokenLifetimeMs / 3_600_000);
  const product = appTexts.productName;
  const credits = `Your ${commercialPolicy.freeCredits} free credits arrive ${freeCreditsCondition}. To confirm it, open this link:`;
  const expiry = `The link works for ${hours} hours. After that, sign in and choose "Send the link again" on your dashboard.`;
  const ignore = `If you did not create a ${product} account, ignore this e-mail.`;
  return {
    to,
    subject: `Confirm your e-mail address for ${product}`,
    text: [`Hello ${name},`, '', credits, '', link, '', expiry, '', ignore].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>${escapeHtml(credits)}</p>`,
      `<p><a href="${escapeHtml(link)}">Confirm your e-mail address</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
