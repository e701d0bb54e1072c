import { appTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { escapeHtml } from './html.js';

/**
 * To the admin's previous address when the admin's e-mail or password is changed (Admin Setup),
 * so a change the admin did not make does not go unnoticed. Never carries a password.
 */
export function adminCredentialsChangedMail(
  to: string,
  change: { newEmail: string; emailChanged: boolean; at: string; ip: string; publicUrl: string },
): MailMessage {
  const product = appTexts.productName;
  const what = change.emailChanged
    ? `The e-mail address and password of the ${product} admin account ${to} were changed. The account now signs in as ${change.newEmail}.`
    : `The password of the ${product} admin account ${to} was changed.`;
  const facts = [`Time: ${change.at}`, `Address: ${change.ip}`, `Site: ${change.publicUrl}`];
  const advice =
    'Every other session of this account was signed out. If you did not make this change, someone used your admin session: ask whoever runs the server to restore your access, and review the audit log.';
  return {
    to,
    subject: `Your ${product} admin credentials were changed`,
    text: [what, '', ...facts, '', advice].join('\n'),
    html: [
      `<p>${escapeHtml(what)}</p>`,
      `<p>${facts.map(escapeHtml).join('<br>')}</p>`,
      `<p>${escapeHtml(advice)}</p>`,
    ].join('\n'),
  };
}
