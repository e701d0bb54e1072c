import { randomUUID } from 'node:crypto';
import { contactTexts, type ContactMessage } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { contactMessageMail } from '../../mail/templates/contact-message.js';
import { insertContactMessage } from './contact.repository.js';

export interface ContactDeps {
  db: Db;
  mailer: Pick<Mailer, 'enqueue'>;
  /** Where each message is e-mailed (config.mail.support). */
  supportEmail: string;
}

/**
 * Stores a contact message with the address the request came from, then hands a copy to the
 * support inbox. The answer depends only on the row being stored (the spec's sender reported
 * success even when nothing was sent; here success means it is kept). Mail goes out in the
 * background through the same mailer as every other mail: SMTP, or the outbox without it.
 */
export async function receiveContactMessage(
  { db, mailer, supportEmail }: ContactDeps,
  body: ContactMessage,
  meta: { ip: string; userAgent: string | undefined; now?: Date },
): Promise<{ id: string; message: string }> {
  const id = randomUUID();
  const receivedAt = (meta.now ?? new Date()).toISOString();
  // The browser's own user agent header is what the server saw; the body's copy is a fallback.
  const userAgent = (meta.userAgent ?? body.userAgent ?? '').slice(0, 500) || null;
  await insertContactMessage(db, {
    id,
    name: body.name,
    email: body.email,
    subject: body.subject,
    message: body.message,
    ip: meta.ip,
    user_agent: userAgent,
    client_timestamp: body.timestamp ?? null,
    created_at: receivedAt,
  });
  mailer.enqueue(
    contactMessageMail(supportEmail, {
      id,
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      ip: meta.ip,
      userAgent,
      receivedAt,
    }),
  );
  return { id, message: contactTexts.sent };
}
