import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '@cutout/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../db/database.js';
import type { OutboxTable } from '../db/schema.js';
import type { Selectable } from 'kysely';
import {
  claimMailRetry,
  dueMailRetries,
  insertOutboxRow,
  recordMailTry,
  redactExpiredResetLinks,
} from './outbox.repository.js';

// Outgoing e-mail (ARCHITECTURE.md, "Outside services"). With SMTP_URL set (or SMTP settings
// saved in Admin → Integrations, decision 0107), mail goes out through nodemailer. Without it — a person running Cutout on their own machine — each message is
// written to the outbox table, and the log says only that it was (to whom, the subject, the row's
// id): a message may carry a live reset link, and the outbox row is the one place it is kept. The
// outbox is a local fallback; a production start without SMTP_URL logs a warning
// (docs/decisions/0034).
//
// A message SMTP refuses (the server down, a timeout, a full mailbox) is not lost: it is kept in
// the outbox, attachments included, and tried again after 1, 5, 15, 60, 180 and 360 minutes;
// after the seventh refusal it is given up and the log says so (decision 0260). Mail written
// because no SMTP server was set is never sent later: it was read where it lies, or not wanted;
// once a reset link in it has outlived its token, the link is rewritten unusable (issue 36).

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
  /**
   * Tries again the refused messages due at `now`, while an SMTP server is set (without one they
   * wait, and nothing is counted). Says how many went and how many were given up.
   */
  retryDue(now?: Date): Promise<{ sent: number; givenUp: number }>;
  /**
   * Makes the reset links of outbox messages older than a reset token's lifetime unusable to
   * whoever reads the table (issue 36); `startRetries` runs it with the retries. Says how many.
   */
  redactExpiredLinks(now?: Date): Promise<number>;
  /** Runs `retryDue` every `everyMs` until close(). */
  startRetries(everyMs?: number): void;
  close(): Promise<void>;
}

/** Minutes to wait after the n-th refusal (n = 1…6); the seventh gives the message up. */
export const MAIL_RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MINUTES.length + 1;
/** A try taken by one process is not taken by another for this long. */
const RETRY_LEASE_MS = 10 * 60_000;
const RETRY_BATCH = 20;

interface KeptAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

const retryAt = (now: Date, attempts: number) =>
  new Date(now.getTime() + (MAIL_RETRY_DELAYS_MINUTES[attempts - 1] ?? 0) * 60_000).toISOString();

/** A kept message as it was first handed over. */
function messageOf(row: Selectable<OutboxTable>): MailMessage {
  const kept = row.attachments ? (JSON.parse(row.attachments) as KeptAttachment[]) : [];
  return {
    to: row.to,
    subject: row.subject,
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    ...(kept.length
      ? {
          attachments: kept.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.base64, 'base64'),
          })),
        }
      : {}),
  };
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

  async function viaSmtp(
    smtp: string | SMTPTransport.Options,
    from: string,
    message: MailMessage,
  ): Promise<void> {
    await transporterFor(smtp).sendMail({ from, ...message });
    log.info({ to: message.to, subject: message.subject }, 'mail sent');
  }

  async function toOutbox(message: MailMessage): Promise<void> {
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
      next_attempt_at: null,
      last_error: null,
      failed_at: null,
      attachments: null,
    });
    log.info(
      { to: message.to, subject: message.subject, outboxId: id },
      'mail written to the outbox (no SMTP server is configured); read it from the outbox table',
    );
  }

  /** A message SMTP refused, kept whole to be tried again. */
  async function keepForRetry(message: MailMessage, error: unknown): Promise<void> {
    const now = new Date();
    const id = randomUUID();
    const attachments: KeptAttachment[] = (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      base64: a.content.toString('base64'),
    }));
    await insertOutboxRow(db, {
      id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      reply_to: message.replyTo ?? null,
      created_at: now.toISOString(),
      sent_at: null,
      attempts: 1,
      next_attempt_at: retryAt(now, 1),
      last_error: errorText(error),
      failed_at: null,
      attachments: attachments.length ? JSON.stringify(attachments) : null,
    });
    // The message itself (it may carry a link with a token) is never logged.
    log.warn(
      { to: message.to, subject: message.subject, outboxId: id, err: error },
      `SMTP refused the mail; it is kept and tried again in ${MAIL_RETRY_DELAYS_MINUTES[0]} minute`,
    );
  }

  async function deliver(message: MailMessage): Promise<'smtp' | 'outbox'> {
    const { smtp, from } = await settings();
    if (smtp) {
      await viaSmtp(smtp, from, message);
      return 'smtp';
    }
    await toOutbox(message);
    return 'outbox';
  }

  /** As deliver, but a refusal keeps the message for a later try instead of throwing. */
  async function deliverOrKeep(message: MailMessage): Promise<void> {
    const { smtp, from } = await settings();
    if (!smtp) return toOutbox(message);
    try {
      await viaSmtp(smtp, from, message);
    } catch (error) {
      await keepForRetry(message, error);
    }
  }

  async function retryDue(now = new Date()): Promise<{ sent: number; givenUp: number }> {
    const outcome = { sent: 0, givenUp: 0 };
    const { smtp, from } = await settings();
    if (!smtp) return outcome;
    const rows = await dueMailRetries(db, now.toISOString(), RETRY_BATCH);
    for (const row of rows) {
      const lease = new Date(now.getTime() + RETRY_LEASE_MS).toISOString();
      if (!row.next_attempt_at || !(await claimMailRetry(db, row.id, row.next_attempt_at, lease))) {
        continue;
      }
      const attempts = row.attempts + 1;
      try {
        await viaSmtp(smtp, from, messageOf(row));
        await recordMailTry(db, row.id, { sentAt: new Date().toISOString(), attempts });
        outcome.sent++;
      } catch (error) {
        const context = {
          to: row.to,
          subject: row.subject,
          outboxId: row.id,
          attempts,
          err: error,
        };
        if (attempts >= MAIL_MAX_ATTEMPTS) {
          await recordMailTry(db, row.id, {
            attempts,
            error: errorText(error),
            failedAt: now.toISOString(),
          });
          outcome.givenUp++;
          log.error(context, 'SMTP refused the mail again; it is given up');
        } else {
          await recordMailTry(db, row.id, {
            attempts,
            error: errorText(error),
            nextAttemptAt: retryAt(now, attempts),
          });
          log.warn(context, 'SMTP refused the mail again; it is kept for a later try');
        }
      }
    }
    return outcome;
  }

  let retryTimer: NodeJS.Timeout | undefined;

  function track(task: Promise<void>): void {
    pending.add(task);
    void task.finally(() => pending.delete(task));
  }

  function redactExpiredLinks(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - limits.resetTokenLifetimeMs).toISOString();
    return redactExpiredResetLinks(db, before);
  }

  return {
    enqueue(message) {
      const task = Promise.resolve(message)
        .then(
          (ready) =>
            deliverOrKeep(ready).then(
              () => undefined,
              (error: unknown) => {
                // Not sent and not kept (the database refused too). The message itself (it may
                // carry a link with a token) is never logged.
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
    retryDue,
    redactExpiredLinks,
    startRetries(everyMs = 60_000) {
      if (retryTimer) return;
      // One pass at a time: against an SMTP server that does not answer, each try waits for
      // its timeout, and a pass can outlast the interval.
      let running = false;
      retryTimer = setInterval(() => {
        if (running) return;
        running = true;
        track(
          Promise.all([retryDue(), redactExpiredLinks()])
            .then(
              () => undefined,
              (error: unknown) => log.error({ err: error }, 'mail retries failed'),
            )
            .finally(() => {
              running = false;
            }),
        );
      }, everyMs);
      retryTimer.unref();
    },
    async close() {
      if (retryTimer) clearInterval(retryTimer);
      retryTimer = undefined;
      await this.idle();
      current?.transporter.close();
    },
  };
}
