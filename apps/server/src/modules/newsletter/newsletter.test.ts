import { newsletterTexts } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBothDialects, randomIp } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findSubscribers } from './newsletter.repository.js';
import { rateLimits } from '../../plugins/rate-limits.js';

const post = (t: TestApp, payload: unknown, ip = randomIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: payload as object,
    remoteAddress: ip,
  });

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
