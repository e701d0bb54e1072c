import { contactTexts } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import { onBothDialects, randomIp } from '../../test/accounts.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import { countContactMessages, findContactMessage } from './contact.repository.js';

const valid = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Batch processing question',
  message: 'Can I process 40 images in one batch with 45 credits?',
};

const post = (
  t: TestApp,
  payload: unknown,
  ip = randomIp(),
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: payload as object,
    remoteAddress: ip,
    headers,
  });

onBothDialects('POST /api/contact', (get) => {
  it('stores the message with the client IP taken by the server and the user agent', async () => {
    const t = get();
    const res = await post(
      t,
      {
        ...valid,
        name: '  Grace Hopper  ',
        timestamp: '2026-11-21T10:00:00.000Z',
        userAgent: 'claimed by the body',
        // The prototype sent an IP looked up from a public service; ours is ignored.
        ip: '203.0.113.99',
      },
      '10.1.2.3',
      { 'user-agent': 'Mozilla/5.0 (test)' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), message: 'Message Sent Successfully!' });
    const row = await findContactMessage(t.app.database.db, res.json().id);
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      email: valid.email,
      subject: valid.subject,
      message: valid.message,
      ip: '10.1.2.3',
      user_agent: 'Mozilla/5.0 (test)',
      client_timestamp: '2026-11-21T10:00:00.000Z',
    });
    expect(Date.parse(row!.created_at)).not.toBeNaN();
  });

  it('hands a copy to the support address through the outbox, Reply-To the sender', async () => {
    const t = get();
    const res = await post(t, { ...valid, subject: 'Outbox subject line' });
    expect(res.statusCode).toBe(201);
    // Mail is handed over in the background, after the answer.
    const mail = await vi.waitFor(async () => {
      const found = (await listOutbox(t.app.database.db, 'support@cutout.local')).find((m) =>
        m.subject.includes('Outbox subject line'),
      );
      if (!found) throw new Error('not in the outbox yet');
      return found;
    });
    expect(mail).toMatchObject({
      subject: '[Cutout contact] Outbox subject line',
      reply_to: valid.email,
    });
    expect(mail?.text).toContain(valid.message);
    expect(mail?.text).toContain(res.json().id);
  });

  it('refuses an empty form with a message per field and stores nothing', async () => {
    const t = get();
    const before = await countContactMessages(t.app.database.db);
    const res = await post(t, { name: ' ', email: '', subject: '', message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: contactTexts.fillAllFields,
      fields: {
        name: 'Name is required',
        email: 'Email is required',
        subject: 'Subject is required',
        message: 'Message is required',
      },
    });
    expect(await countContactMessages(t.app.database.db)).toBe(before);
  });
});

describe('POST /api/contact validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['name', 'G', 'Name must be at least 2 characters'],
    ['name', 'x'.repeat(101), 'Name must be at most 100 characters'],
    ['email', 'grace@example', 'Please enter a valid email address'],
    ['email', 'grace hopper@example.com', 'Please enter a valid email address'],
    ['subject', 'Help', 'Subject must be at least 5 characters'],
    ['subject', 'x'.repeat(201), 'Subject must be at most 200 characters'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
    ['message', 'x'.repeat(2001), 'Message must be at most 2000 characters'],
  ])('%s = %j: 400 with that field only', async (field, value, text) => {
    const res = await post(t, { ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(contactTexts.fillAllFields);
    expect(res.json().error.fields).toEqual({ [field]: text });
  });

  it('accepts the limits exactly (2, 100, 5, 200, 10, 2000 characters)', async () => {
    for (const body of [
      { ...valid, name: 'Jo', subject: 'Hello', message: 'Ten chars!' },
      { ...valid, name: 'x'.repeat(100), subject: 'y'.repeat(200), message: 'z'.repeat(2000) },
    ]) {
      expect((await post(t, body)).statusCode).toBe(201);
    }
  });

  it('refuses a body that is not an object, and fields of the wrong type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '[]',
      headers: { 'content-type': 'application/json' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(contactTexts.fillAllFields);
    const typed = await post(t, { ...valid, name: 42, timestamp: 'yesterday' });
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().error.fields)).toEqual(['name', 'timestamp']);
  });

  it(`allows ${rateLimits.contact.max} messages per address per 10 minutes, then 429 with Retry-After`, async () => {
    const ip = randomIp();
    for (let i = 0; i < rateLimits.contact.max; i++) {
      expect((await post(t, valid, ip)).statusCode).toBe(201);
    }
    const before = await countContactMessages(t.app.database.db);
    const limited = await post(t, valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect(await countContactMessages(t.app.database.db)).toBe(before);
    // Another address is not affected.
    expect((await post(t, valid)).statusCode).toBe(201);
  });
});

describe('POST /api/contact behind a proxy and with SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      env: { SMTP_URL: sink.url, SUPPORT_EMAIL: 'help@example.org', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('takes the IP from X-Forwarded-For when TRUST_PROXY is set', async () => {
    const res = await post(t, valid, '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' });
    expect(res.statusCode).toBe(201);
    const row = await findContactMessage(t.app.database.db, res.json().id);
    expect(row?.ip).toBe('198.51.100.7');
  });

  it('e-mails the message to SUPPORT_EMAIL with Reply-To the sender', async () => {
    const res = await post(t, { ...valid, subject: 'Mail through SMTP' });
    expect(res.statusCode).toBe(201);
    // The earlier test's message went to the same inbox: take mail until this one arrives.
    let mail = await sink.next('help@example.org');
    while (!mail.text.includes('Mail through SMTP')) mail = await sink.next('help@example.org');
    expect(mail.text).toMatch(/^Reply-To: grace@example\.com\r?$/m);
    expect(mail.text).toMatch(/^Subject: \[Cutout contact\] Mail through SMTP\r?$/m);
    expect(mail.text).toContain(valid.message);
  });
});

describe('POST /api/contact without a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For when TRUST_PROXY is not set', async () => {
    const res = await post(t, valid, '10.9.9.9', { 'x-forwarded-for': '198.51.100.7' });
    const row = await findContactMessage(t.app.database.db, res.json().id);
    expect(row?.ip).toBe('10.9.9.9');
  });
});
