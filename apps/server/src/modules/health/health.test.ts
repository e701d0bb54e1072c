import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorTexts } from '../../plugins/metrics.js';
import { adminCookie, createAccountsApp, signUp } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('health and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /health answers ok', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /health/detailed reports the database round trip, queue and model', async () => {
    const res = await t.app.inject({ url: '/health/detailed' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.database).toMatchObject({ status: 'ok', dialect: 'sqlite' });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.queue.status).toBe('ok');
    expect(body.queue.detail).toMatch(/^0 of \d+ workers? busy, 0 of 16 queue places taken$/);
    // The model loads with the first image (or at start, after listening, under npm start).
    expect(body.model).toEqual({ status: 'ok', detail: 'isnet loads with the first image' });
    expect(body.mail).toEqual({ status: 'ok', detail: 'no mail waiting to be tried again' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('GET /health/detailed is degraded while mail SMTP refused waits to be tried again', async () => {
    const local = await createTestApp();
    const now = new Date().toISOString();
    const kept = (
      id: string,
      extra: { next_attempt_at: string | null; failed_at: string | null },
    ) => ({
      id,
      to: 'buyer@example.com',
      subject: 'Receipt',
      text: 'Thanks.',
      html: null,
      reply_to: null,
      created_at: now,
      sent_at: null,
      attempts: 1,
      last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
      attachments: null,
      ...extra,
    });
    await local.app.database.db
      .insertInto('outbox')
      .values([
        kept('waiting', { next_attempt_at: now, failed_at: null }),
        kept('given-up', { next_attempt_at: null, failed_at: now }),
      ])
      .execute();
    const res = await local.app.inject({ url: '/health/detailed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      mail: {
        status: 'degraded',
        detail:
          '1 message SMTP refused, waiting to be tried again; 1 given up after every retry (outbox table)',
      },
    });
    await local.close();
  });

  it('GET /health/detailed answers 503 when the database is down', async () => {
    const local = await createTestApp();
    await local.app.database.close();
    const res = await local.app.inject({ url: '/health/detailed' });
    expect(res.statusCode).toBe(503);
    expect(res.json().database.status).toBe('down');
    await local.close().catch(() => undefined);
  });

  it('GET /metrics speaks the Prometheus text format and counts requests by route', async () => {
    await t.app.inject({ url: '/health' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('# TYPE cutout_http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /cutout_http_request_duration_seconds_count\{method="GET",route="\/health",status_code="200"\} \d+/,
    );
    expect(res.body).toContain('cutout_process_resident_memory_bytes');
  });

  it('GET /metrics needs the token when one is configured', async () => {
    const local = await createTestApp({ env: { METRICS_TOKEN: 'a-long-enough-token' } });
    expect((await local.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const ok = await local.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer a-long-enough-token' },
    });
    expect(ok.statusCode).toBe(200);
    // The token opens /health/detailed too, and an admin session would do instead.
    expect((await local.app.inject({ url: '/health/detailed' })).statusCode).toBe(401);
    await local.close();
  });

  it('in production /metrics and /health/detailed answer only the token or an admin session; /health stays public', async () => {
    const local = await createAccountsApp('sqlite', { env: { NODE_ENV: 'production' } });
    try {
      const admin = await adminCookie(local.app);
      const user = await signUp(local.app);
      for (const url of ['/metrics', '/health/detailed']) {
        const anonymous = await local.app.inject({ url });
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json(), url).toEqual({
          error: { code: 'unauthorized', message: operatorTexts.required },
        });
        // No token is configured: no bearer value opens them, not even an empty one.
        const guessed = await local.app.inject({ url, headers: { authorization: 'Bearer ' } });
        expect(guessed.statusCode, url).toBe(401);
        const notAdmin = await local.app.inject({ url, headers: { cookie: user.cookie } });
        expect(notAdmin.statusCode, url).toBe(403);
        expect(notAdmin.json().error.code, url).toBe('forbidden');
        const asAdmin = await local.app.inject({ url, headers: { cookie: admin } });
        expect(asAdmin.statusCode, url).toBe(200);
      }
      expect((await local.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await local.close();
    }

    const withToken = await createTestApp({
      env: { NODE_ENV: 'production', METRICS_TOKEN: 'a-long-enough-token' },
    });
    try {
      for (const url of ['/metrics', '/health/detailed']) {
        expect((await withToken.app.inject({ url })).statusCode, url).toBe(401);
        const wrong = await withToken.app.inject({
          url,
          headers: { authorization: 'Bearer a-long-enough-tokeX' },
        });
        expect(wrong.statusCode, url).toBe(401);
        const ok = await withToken.app.inject({
          url,
          headers: { authorization: 'Bearer a-long-enough-token' },
        });
        expect(ok.statusCode, url).toBe(200);
      }
    } finally {
      await withToken.close();
    }
  });
});
