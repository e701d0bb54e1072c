import { integrationTexts } from '@cutout/contracts';
import type { MailMessage } from '../mailer.js';

/** Admin → Integration settings → Send test e-mail, to the signed-in admin. */
export function testEmailMail(to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: integrationTexts.testEmailSubject,
    text: [
      'This is a test e-mail from Cutout (Admin → Integration settings → Send test e-mail).',
      '',
      `If you can read it, mail from ${publicUrl} reaches you.`,
    ].join('\n'),
  };
}
