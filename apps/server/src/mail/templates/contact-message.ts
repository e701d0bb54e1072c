import { appTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';
import { escapeHtml } from './html.js';

/**
 * A contact-form message, to the support address. Reply-To is the sender, so answering the mail
 * answers them; the message text is theirs, quoted as plain text (and escaped in the HTML part).
 */
export function contactMessageMail(
  to: string,
  message: {
    id: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    ip: string;
    userAgent: string | null;
    receivedAt: string;
  },
): MailMessage {
  const product = appTexts.productName;
  // A subject line must not carry line breaks (the schema's trim leaves inner ones).
  const subject = `[${product} contact] ${message.subject.replace(/\s+/g, ' ')}`;
  const details = [
    `From: ${message.name} <${message.email}>`,
    `Received: ${message.receivedAt}`,
    `IP address: ${message.ip}`,
    `User agent: ${message.userAgent ?? 'not given'}`,
    `Reference: ${message.id}`,
  ];
  return {
    to,
    replyTo: message.email,
    subject,
    text: [
      `A message was sent through the ${product} contact form.`,
      '',
      ...details,
      '',
      `Subject: ${message.subject}`,
      '',
      message.message,
    ].join('\n'),
    html: [
      `<p>A message was sent through the ${product} contact form.</p>`,
      `<p>${details.map(escapeHtml).join('<br>')}</p>`,
      `<p><strong>Subject:</strong> ${escapeHtml(message.subject)}</p>`,
      `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
    ].join('\n'),
  };
}
