import { appTexts, limits } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { escapeHtml } from './html.js';

/** The password-reset mail: the link carries the raw token, which exists nowhere else. */
export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  const minutes = Math.round(limits.resetTokenLifetimeMs / 60_000);
  const product = appTexts.productName;
  return {
    to,
    subject: `Reset your ${product} password`,
    text: [
      `Hello ${name},`,
      '',
      `Someone asked to reset the password of your ${product} account. To choose a new password, open this link:`,
      '',
      link,
      '',
      `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail; your password stays as it is.`,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>Someone asked to reset the password of your ${product} account. To choose a new password, open this link:</p>`,
      `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
      `<p>The link works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail; your password stays as it is.</p>`,
    ].join('\n'),
  };
}
