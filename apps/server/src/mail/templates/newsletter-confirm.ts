import { appTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { escapeHtml } from './html.js';

/** The newsletter's confirmation mail (double opt-in, decision 0261): confirm, or leave later. */
export function newsletterConfirmMail(
  to: string,
  links: { confirm: string; unsubscribe: string },
): MailMessage {
  const product = appTexts.productName;
  const intro = `Someone, hopefully you, asked to receive new ${product} articles at this address.`;
  const ignore = 'If it was not you, ignore this e-mail: without a click, nothing more is sent.';
  const leave = 'Changed your mind later? This link takes your address off the list:';
  return {
    to,
    subject: `Confirm your subscription to the ${product} blog`,
    text: [
      intro,
      '',
      'To confirm, open this link:',
      '',
      links.confirm,
      '',
      ignore,
      '',
      leave,
      links.unsubscribe,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(links.confirm)}">Confirm your subscription</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      `<p>${escapeHtml(leave)} <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
    ].join('\n'),
  };
}
