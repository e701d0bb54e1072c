import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.js';
import { insertOutboxRow } from './outbox.repository.js';

// Outgoing e-mail (ARCHITECTURE.md, "Outside services"). With SMTP_URL set, mail goes out
// through nodemailer. Without it — a person running Cutout on their own machine — each message is
// written to the outbox table, and the log says only that it was (to whom, the subject, the row's
// id): a message may carry a live reset link, and the outbox row is the one place it is kept. The
// outbox is a local fallback; a production start without SMTP_URL logs a warning
// (docs/decisions/0034).

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (a contact message mailed to support: its sender). */
  replyTo?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Hands a message over in the background, so a reply's timing never depends on the mail. */
  enqueue(message: MailMessage): void;
  /** Resolves once every enqueued message has been handed over (or has failed and been logged). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  const transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  async function deliver(message: MailMessage): Promise<void> {
    if (transporter) {
      await transporter.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    const id = randomUUID();
    await insertOutboxRow(db, {
      id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      reply_to: message.replyTo ?? null,
      created_at: new Date().toISOString(),
      sent_at: null,
    });
    log.info(
      { to: message.to, subject: message.subject, outboxId: id },
      'mail written to the outbox (SMTP_URL is not set); read it from the outbox table',
    );
  }

  return {
    transport: transporter ? 'smtp' : 'outbox',
    enqueue(message) {
      const task = deliver(message)
        .catch((error: unknown) => {
          // The message itself (it may carry a link with a token) is never logged on failure.
          log.error(
            { to: message.to, subject: message.subject, err: error },
            'mail could not be sent',
          );
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      transporter?.close();
    },
  };
}
