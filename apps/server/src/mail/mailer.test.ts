import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { openTestPostgres, tempDir, testDatabaseUrl } from '../test/test-app.js';
import {
  createMailer,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_DELAYS_MINUTES,
  type MailMessage,
  type MailSettings,
} from './mailer.js';
import { countMailRetries, listOutbox } from './outbox.repository.js';

// The mailer without SMTP: messages land in the outbox table. A message still being written (an
// invoice whose PDF is drawn) is pending from the moment it is enqueued, so close() waits for it.
// With SMTP: a message the server refuses is kept and sent by a later try, attachments and all,
// until it is given up (decision 0260).

const from = 'Cutout <hello@example.com>';

/** An SMTP address on loopback where nothing listens: every connection is refused at once. */
async function refusingSmtpUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

const minutes = (n: number) => n * 60_000;

describe('mailer', () => {
  let handle: DatabaseHandle | undefined;
  let remove: (() => void | Promise<void>) | undefined;
  afterEach(async () => {
    await handle?.close();
    await remove?.();
  });

  async function setUp(
    settings: () => MailSettings = () => ({ smtp: undefined, from }),
    dialect: 'sqlite' | 'postgres' = 'sqlite',
  ) {
    if (dialect === 'postgres') {
      const pg = await openTestPostgres(testDatabaseUrl!, { empty: true });
      handle = pg.handle;
      remove = pg.dispose;
    } else {
      const tmp = tempDir();
      remove = tmp.remove;
      handle = openDatabase({ dialect: 'sqlite', file: path.join(tmp.dir, 'cutout.db') });
    }
    await migrateToLatest(handle.db, handle.dialect);
    const log = Fastify({ logger: false }).log;
    return createMailer({ settings, db: handle.db, log });
  }

  it('waits on close for a message that was still being written when it was enqueued', async () => {
    const mailer = await setUp();
    let finish!: (message: MailMessage) => void;
    mailer.enqueue(new Promise<MailMessage>((resolve) => (finish = resolve)));
    const closed = mailer.close();
    let done = false;
    void closed.then(() => (done = true));
    // close() is still waiting: nothing has been handed over yet.
    await Promise.resolve();
    expect(done).toBe(false);
    finish({ to: 'buyer@example.com', subject: 'Your invoice', text: 'Attached.' });
    await closed;
    const rows = await listOutbox(handle!.db, 'buyer@example.com');
    expect(rows.map((r) => r.subject)).toEqual(['Your invoice']);
  });

  it('a message that could not be written is logged and does not stop the others', async () => {
    const mailer = await setUp();
    mailer.enqueue(Promise.reject(new Error('the PDF could not be drawn')));
    mailer.enqueue({ to: 'other@example.com', subject: 'Welcome', text: 'Hello.' });
    await mailer.idle();
    expect((await listOutbox(handle!.db, 'other@example.com')).length).toBe(1);
  });

  describe('when SMTP refuses a message', () => {
    let sink: SmtpSink | undefined;
    afterEach(async () => {
      await sink?.close();
      sink = undefined;
    });

    // Bytes no text encoding would carry as they are, like a real PDF's.
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe2, 0xe3, 0xcf, 0xd3, 0x00, 0xff]);
    const invoice: MailMessage = {
      to: 'buyer@example.com',
      subject: 'Your invoice CUT-000001',
      text: 'Your invoice is attached.',
      attachments: [
        {
          filename: 'CUT-000001.pdf',
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
    };

    for (const [name, dialect] of [
      ['SQLite', 'sqlite'],
      ['PostgreSQL', 'postgres'],
    ] as const) {
      const skipped = dialect === 'postgres' && !testDatabaseUrl;
      (skipped ? it.skip : it)(
        `keeps it, attachments included, and sends it whole on a later try once SMTP answers, on ${name}${skipped ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
        async () => {
          let smtp = await refusingSmtpUrl();
          const mailer = await setUp(() => ({ smtp, from }), dialect);
          const before = Date.now();
          mailer.enqueue(invoice);
          await mailer.idle();
          const [kept] = await listOutbox(handle!.db, invoice.to);
          expect(kept).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
          expect(kept!.last_error).toMatch(/ECONNREFUSED/);
          expect(Date.parse(kept!.next_attempt_at!) - before).toBeGreaterThanOrEqual(
            minutes(MAIL_RETRY_DELAYS_MINUTES[0]),
          );
          expect(await countMailRetries(handle!.db)).toEqual({ waiting: 1, givenUp: 0 });

          // Not due yet: nothing is tried.
          sink = await startSmtpSink();
          smtp = sink.url;
          expect(await mailer.retryDue(new Date())).toEqual({ sent: 0, givenUp: 0 });
          expect(sink.messages).toHaveLength(0);

          // Due: sent once, with its PDF, and never again.
          const later = new Date(before + minutes(2));
          expect(await mailer.retryDue(later)).toEqual({ sent: 1, givenUp: 0 });
          const received = await sink.next(invoice.to);
          expect(received.text).toContain('Subject: Your invoice CUT-000001');
          expect(received.text).toContain('filename=CUT-000001.pdf');
          // (The sink undoes quoted-printable line breaks, which takes base64's closing '=' too.)
          expect(received.text).toContain(pdf.toString('base64').replace(/=+$/, ''));
          const [sent] = await listOutbox(handle!.db, invoice.to);
          expect(sent).toMatchObject({ attempts: 2, next_attempt_at: null });
          expect(sent!.sent_at).not.toBeNull();
          expect(await mailer.retryDue(new Date(before + minutes(60)))).toEqual({
            sent: 0,
            givenUp: 0,
          });
          expect(await countMailRetries(handle!.db)).toEqual({ waiting: 0, givenUp: 0 });
          await mailer.close();
        },
      );
    }

    it('is sent by the running retries once due, without anyone asking', async () => {
      let smtp = await refusingSmtpUrl();
      const mailer = await setUp(() => ({ smtp, from }));
      mailer.enqueue({ to: 'late@example.com', subject: 'Receipt', text: 'Thanks.' });
      await mailer.idle();
      // Due now rather than in a minute.
      await handle!.db
        .updateTable('outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      sink = await startSmtpSink();
      smtp = sink.url;
      mailer.startRetries(20);
      const received = await sink.next('late@example.com');
      expect(received.text).toContain('Subject: Receipt');
      await mailer.close();
      const [row] = await listOutbox(handle!.db, 'late@example.com');
      expect(row!.sent_at).not.toBeNull();
    });

    it(`tries ${MAIL_MAX_ATTEMPTS} times in all, waiting longer each time, then gives it up`, async () => {
      const smtp = await refusingSmtpUrl();
      const mailer = await setUp(() => ({ smtp, from }));
      mailer.enqueue({ to: 'nobody@example.com', subject: 'Reset your password', text: 'A link.' });
      await mailer.idle();
      let now = Date.now();
      for (const wait of MAIL_RETRY_DELAYS_MINUTES) {
        // A minute early: not due.
        expect(await mailer.retryDue(new Date(now + minutes(wait - 1)))).toEqual({
          sent: 0,
          givenUp: 0,
        });
        now += minutes(wait) + 1000;
        const outcome = await mailer.retryDue(new Date(now));
        const [row] = await listOutbox(handle!.db, 'nobody@example.com');
        if (row!.attempts < MAIL_MAX_ATTEMPTS) expect(outcome).toEqual({ sent: 0, givenUp: 0 });
        else expect(outcome).toEqual({ sent: 0, givenUp: 1 });
      }
      const [row] = await listOutbox(handle!.db, 'nobody@example.com');
      expect(row).toMatchObject({
        attempts: MAIL_MAX_ATTEMPTS,
        next_attempt_at: null,
        sent_at: null,
      });
      expect(row!.failed_at).not.toBeNull();
      expect(await mailer.retryDue(new Date(now + minutes(24 * 60)))).toEqual({
        sent: 0,
        givenUp: 0,
      });
      expect(await countMailRetries(handle!.db)).toEqual({ waiting: 0, givenUp: 1 });
      await mailer.close();
    });

    it('waits, counting nothing, while no SMTP server is set; send() still throws at once', async () => {
      let smtp: string | undefined = await refusingSmtpUrl();
      const mailer = await setUp(() => ({ smtp, from }));
      await expect(
        mailer.send({ to: 'admin@example.com', subject: 'Test', text: 'T' }),
      ).rejects.toThrow(/ECONNREFUSED/);
      // The test e-mail's failure is the admin's answer, not a message to keep.
      expect(await listOutbox(handle!.db, 'admin@example.com')).toEqual([]);
      mailer.enqueue({ to: 'buyer@example.com', subject: 'Receipt', text: 'Thanks.' });
      await mailer.idle();
      smtp = undefined;
      expect(await mailer.retryDue(new Date(Date.now() + minutes(30)))).toEqual({
        sent: 0,
        givenUp: 0,
      });
      const [row] = await listOutbox(handle!.db, 'buyer@example.com');
      expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
      await mailer.close();
    });
  });
});
