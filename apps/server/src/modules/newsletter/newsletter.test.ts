import { newsletterLinkTexts, newsletterTexts } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBothDialects, randomIp } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { listOutbox } from '../../mail/outbox.repository.js';
import { findSubscribers } from './newsletter.repository.js';
import { rateLimits } from '../../plugins/rate-limits.js';

const post = (t: TestApp, payload: unknown, ip = randomIp(), url = '/api/newsletter') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

/** The links of the confirmation mails sent to `email` so far, newest last. */
async function mailedLinks(t: TestApp, email: string) {
  await t.app.mailer.idle();
  const mails = await listOutbox(t.app.database.db, email);
  return mails.map((mail) => {
    expect(mail.subject).toBe('Confirm your subscription to the Cutout blog');
    const token = (param: string) => {
      const link = new RegExp(`http://\\S+/newsletter\\?${param}=([\\w-]+)`).exec(mail.text);
      expect(link, `a ${param} link in the mail`).not.toBeNull();
      return link![1]!;
    };
    return { confirm: token('confirm'), unsubscribe: token('unsubscribe') };
  });
}

const confirmWith = (t: TestApp, token: string) =>
  post(t, { token }, randomIp(), '/api/newsletter/confirm');
const unsubscribeWith = (t: TestApp, token: string) =>
  post(t, { token }, randomIp(), '/api/newsletter/unsubscribe');

onBothDialects('POST /api/newsletter', (get) => {
  it('stores the address lowercased, once: subscribing again is the same confirmation', async () => {
    const t = get();
    const first = await post(t, { email: '  Reader@Example.COM ' }, '10.20.30.40');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: newsletterTexts.subscribed });

    const again = await post(t, { email: 'reader@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: newsletterTexts.subscribed });

    const rows = await findSubscribers(t.app.database.db, 'reader@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'reader@example.com', ip: '10.20.30.40' });
  });

  it('mails a link to confirm; the address is on the list once it is opened, and leaves by the other link', async () => {
    const t = get();
    expect((await post(t, { email: 'optin@example.com' })).statusCode).toBe(201);
    const [first] = await mailedLinks(t, 'optin@example.com');
    const db = t.app.database.db;
    expect((await findSubscribers(db, 'optin@example.com'))[0]).toMatchObject({
      confirmed_at: null,
    });
    // Tokens are kept as their hash only.
    expect((await findSubscribers(db, 'optin@example.com'))[0]!.token_hash).not.toContain(
      first!.confirm,
    );

    const confirmed = await confirmWith(t, first!.confirm);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: newsletterLinkTexts.confirmed });
    expect((await findSubscribers(db, 'optin@example.com'))[0]!.confirmed_at).not.toBeNull();
    // Opened twice (a second click): still confirmed, no error.
    expect((await confirmWith(t, first!.confirm)).statusCode).toBe(200);
    // A confirmed address entered again gets the same answer and no more mail.
    expect((await post(t, { email: 'optin@example.com' })).statusCode).toBe(200);
    expect(await mailedLinks(t, 'optin@example.com')).toHaveLength(1);

    const left = await unsubscribeWith(t, first!.unsubscribe);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ message: newsletterLinkTexts.unsubscribed });
    expect(await findSubscribers(db, 'optin@example.com')).toEqual([]);
    const again = await unsubscribeWith(t, first!.unsubscribe);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ message: newsletterLinkTexts.invalidLink });
  });

  it('mails an unconfirmed address again only ten minutes after the last mail, with a new link', async () => {
    const t = get();
    const db = t.app.database.db;
    await post(t, { email: 'again@example.com' });
    await post(t, { email: 'again@example.com' });
    expect(await mailedLinks(t, 'again@example.com')).toHaveLength(1);
    // As if the mail went out eleven minutes ago.
    await db
      .updateTable('newsletter_subscribers')
      .set({ mailed_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('email', '=', 'again@example.com')
      .execute();
    expect((await post(t, { email: 'again@example.com' })).statusCode).toBe(200);
    const [old, renewed] = await mailedLinks(t, 'again@example.com');
    expect(renewed!.confirm).not.toBe(old!.confirm);
    expect((await confirmWith(t, old!.confirm)).statusCode).toBe(400);
    expect((await confirmWith(t, renewed!.confirm)).statusCode).toBe(200);
  });

  it('stores one row when the same address arrives twice at once', async () => {
    const t = get();
    const answers = await Promise.all([
      post(t, { email: 'twice@example.com' }),
      post(t, { email: 'TWICE@example.com' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(await findSubscribers(t.app.database.db, 'twice@example.com')).toHaveLength(1);
  });
});

describe('POST /api/newsletter validation and limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    [{}, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ email: 'a@b' }, 'Please enter a valid email address'],
  ])('%j: 400 with the email field message', async (body, text) => {
    const res = await post(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      message: text,
      fields: { email: text },
    });
  });

  it.each([
    ['confirm', { token: 'not-a-token-we-made' }],
    ['confirm', {}],
    ['unsubscribe', { token: 'x'.repeat(201) }],
  ])('%s with %j: 400 saying the link is not valid', async (action, body) => {
    const res = await post(t, body, randomIp(), `/api/newsletter/${action}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: newsletterLinkTexts.invalidLink });
  });

  it(`allows ${rateLimits.newsletter.max} requests per address per hour, then 429 with Retry-After`, async () => {
    const ip = randomIp();
    for (let i = 0; i < rateLimits.newsletter.max; i++) {
      expect((await post(t, { email: `n${i}@example.com` }, ip)).statusCode).toBe(201);
    }
    const limited = await post(t, { email: 'one-more@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await findSubscribers(t.app.database.db, 'one-more@example.com')).toHaveLength(0);
  });
});
