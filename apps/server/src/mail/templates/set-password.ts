import { appTexts, commercialPolicy, freeCreditsCondition, limits } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { escapeHtml } from './html.js';

/**
 * An account an admin added (User Management → Add User): the reset-password link, worded as an
 * invitation to set a first password. Same token, same lifetime, same page.
 */
export function setPasswordMail(to: string, name: string, link: string): MailMessage {
  const minutes = Math.round(limits.resetTokenLifetimeMs / 60_000);
  const product = appTexts.productName;
  // Setting the password through this link confirms the address (decision 0265).
  const credits = `Your ${commercialPolicy.freeCredits} free credits arrive ${freeCreditsCondition}: setting your password with this link confirms it.`;
  return {
    to,
    subject: `Set your ${product} password`,
    text: [
      `Hello ${name},`,
      '',
      `An administrator created a ${product} account for you. To choose your password, open this link:`,
      '',
      link,
      '',
      credits,
      '',
      `The link works once, for ${minutes} minutes. After that, use "Forgot password" on the sign-in page to get a new one.`,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>An administrator created a ${product} account for you. To choose your password, open this link:</p>`,
      `<p><a href="${escapeHtml(link)}">Set your password</a></p>`,
      `<p>${escapeHtml(credits)}</p>`,
      `<p>The link works once, for ${minutes} minutes. After that, use "Forgot password" on the sign-in page to get a new one.</p>`,
    ].join('\n'),
  };
}
