import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../db/database.js';
import { insertOutboxRow } from './outbox.repository.js';

// Outgoing e-mail (ARCHITECTURE.md, "Outside services"). With SMTP_URL set (or SMTP settings
// saved in Admin → Integrations, decision 0107), mail goes out through nodemailer. Without it — a person running Cutout on their own machine — each message is
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
  /**
   * Files sent with the message (an invoice PDF). The outbox keeps only their names: the
   * document itself stays downloadable where the mail says.
   */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /**
   * Hands a message over in the background, so a reply's timing never depends on the mail. A
   * message still being written (an invoice whose PDF is being drawn) is given as a promise: it
   * counts as pending from now, so `idle()` and `close()` wait for it and a shutdown loses nothing.
   */
  enqueue(message: MailMessage | Promise<MailMessage>): void;
  /**
   * Hands a message over now and says where it went; an SMTP failure is thrown with the
   * server's own words (Admin → Integrations → Send test e-mail).
   */
  send(message: MailMessage): Promise<'smtp' | 'outbox'>;
  /** Resolves once every enqueued message has been handed over (or has failed and been logged). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Where mail goes: SMTP_URL as given, SMTP settings from the admin, or nothing (the outbox). */
export interface MailSettings {
  smtp: string | SMTPTransport.Options | undefined;
  from: string;
}

export interface MailerOptions {
  /** Read for every message, so a change in Admin → Integrations applies without a restart. */
  settings: () => MailSettings | Promise<MailSettings>;
  db: Db;
  log: FastifyBaseLogger;
}

// A transport the admin configured should answer a test within seconds, not nodemailer's minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer({ settings, db, log }: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>();
  // One transporter per distinct SMTP setting: rebuilt when the setting changes.
  let current: { key: string; transporter: Transporter } | undefined;

  function transporterFor(smtp: string | SMTPTransport.Options): Transporter {
    const key = JSON.stringify(smtp);
    if (current?.key === key) return current.transporter;
    current?.transporter.close();
    const transporter =
      typeof smtp === 'string'
        ? nodemailer.createTransport(smtp)
        : nodemailer.createTransport({ ...TIMEOUTS, ...smtp });
    current = { key, transporter };
    return transporter;
  }

  async function deliver(message: MailMessage): Promise<'smtp' | 'outbox'> {
    const { smtp, from } = await settings();
    if (smtp) {
      await transporterFor(smtp).sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return 'smtp';
    }
    const id = randomUUID();
    const attached = (message.attachments ?? []).map(
      (a) => `[Attachment not kept in the outbox: ${a.filename}, ${a.content.length} bytes]`,
    );
    await insertOutboxRow(db, {
      id,
      to: message.to,
      subject: message.subject,
      text: attached.length ? `${message.text}\n\n${attached.join('\n')}` : message.text,
      html: message.html ?? null,
      reply_to: message.replyTo ?? null,
      created_at: new Date().toISOString(),
      sent_at: null,
    });
    log.info(
      { to: message.to, subject: message.subject, outboxId: id },
      'mail written to the outbox (no SMTP server is configured); read it from the outbox table',
    );
    return 'outbox';
  }

  return {
    enqueue(message) {
      const task = Promise.resolve(message)
        .then(
          (ready) =>
            deliver(ready).then(
              () => undefined,
              (error: unknown) => {
                // The message itself (it may carry a link with a token) is never logged on failure.
                log.error(
                  { to: ready.to, subject: ready.subject, err: error },
                  'mail could not be sent',
                );
              },
            ),
          (error: unknown) => log.error({ err: error }, 'mail could not be written'),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    send: deliver,
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      current?.transporter.close();
    },
  };
}
