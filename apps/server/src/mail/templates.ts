import { appTexts, limits } from '@cutout/contracts';
import type { MailMessage } from './mailer.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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

/**
 * An account an admin added (User Management → Add User): the reset-password link, worded as an
 * invitation to set a first password. Same token, same lifetime, same page.
 */
export function setPasswordMail(to: string, name: string, link: string): MailMessage {
  const minutes = Math.round(limits.resetTokenLifetimeMs / 60_000);
  const product = appTexts.productName;
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
      `The link works once, for ${minutes} minutes. After that, use "Forgot password" on the sign-in page to get a new one.`,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>An administrator created a ${product} account for you. To choose your password, open this link:</p>`,
      `<p><a href="${escapeHtml(link)}">Set your password</a></p>`,
      `<p>The link works once, for ${minutes} minutes. After that, use "Forgot password" on the sign-in page to get a new one.</p>`,
    ].join('\n'),
  };
}

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
