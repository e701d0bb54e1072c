import { createHash } from 'node:crypto';
import { accountTexts } from '@cutout/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createAccountsApp, randomIp, signIn, signUp } from '../../test/accounts.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { rateLimits } from '../../plugins/rate-limits.js';

describe('abuse limits', () => {
  it('locks an account for a while after 5 failed sign-ins, whatever the address', async () => {
    const t = await createAccountsApp('sqlite');
    const user = await signUp(t.app);
    for (let i = 0; i < rateLimits.accounts.failedSignIns.max; i++) {
      expect((await signIn(t.app, user.email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const locked = await signIn(t.app, user.email, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(accountTexts.tooManyFailedSignIns);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // Another account is not affected.
    const other = await signUp(t.app);
    expect((await signIn(t.app, other.email, other.password)).statusCode).toBe(200);
    await t.close();
  });

  it('limits sign-in per address (429 with Retry-After)', async () => {
    const t = await createAccountsApp('sqlite');
    const ip = randomIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= rateLimits.accounts.signIn.perIp.max; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: `someone${i}@example.com`, password: 'x' },
        remoteAddress: ip,
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json().error.code).toBe('rate_limited');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    await t.close();
  });

  it('limits forgot-password per account, across addresses', async () => {
    const t = await createAccountsApp('sqlite');
    const statuses: number[] = [];
    for (let i = 0; i <= rateLimits.accounts.forgotPassword.perAccount.max; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'target@example.com' },
        remoteAddress: randomIp(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await t.close();
  });

  it('limits sign-up per address', async () => {
    const t = await createAccountsApp('sqlite');
    const ip = randomIp();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= rateLimits.accounts.signUp.perIp.max; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { name: 'Bot Bot', email: `bot${i}@example.com`, password: 'password1' },
        remoteAddress: ip,
      });
    }
    expect(last?.statusCode).toBe(429);
    await t.close();
  });
});

describe('secrets never reach a response or a log line', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('holds for sign-up, sign-in, forgot, reset and change password', async () => {
    const lines: string[] = [];
    const t = await createAccountsApp('sqlite', {
      env: { LOG_LEVEL: 'trace', SMTP_URL: sink.url },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const responses: LightMyRequestResponse[] = [];
    const send = async (method: 'POST' | 'GET', url: string, payload?: object, cookie = '') => {
      const res = await t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: cookie ? { cookie } : {},
        remoteAddress: randomIp(),
      });
      responses.push(res);
      return res;
    };

    const email = 'secret-keeper@example.com';
    const password = 'first-Secret-pass-91';
    const resetTo = 'second-Secret-pass-92';
    const changeTo = 'third-Secret-pass-93';
    const up = await send('POST', '/api/auth/sign-up', { name: 'Keeper', email, password });
    await send('POST', '/api/auth/sign-in', { email, password: 'wrong-Secret-pass-90' });
    await send('POST', '/api/auth/sign-in', { email, password });
    await send('POST', '/api/auth/forgot-password', { email });
    const text = (await sink.next(email)).text;
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    expect(token).not.toBe('');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await send('GET', `/api/auth/reset-password/validate?token=${token}`);
    await send('POST', '/api/auth/reset-password', {
      token,
      password: resetTo,
      confirmPassword: resetTo,
    });
    const inAgain = await send('POST', '/api/auth/sign-in', { email, password: resetTo });
    await send(
      'POST',
      '/api/auth/change-password',
      { currentPassword: resetTo, newPassword: changeTo, confirmNewPassword: changeTo },
      cookieFrom(inAgain),
    );
    await send('GET', '/api/me', undefined, cookieFrom(inAgain));
    await t.app.close();

    const sessionTokens = [up, inAgain].map(
      (r) => /session_token=([^.;]+)/.exec(String(r.headers['set-cookie']))?.[1] ?? '',
    );
    expect(sessionTokens.every((s) => s.length > 10)).toBe(true);
    const secrets = [password, resetTo, changeTo, 'wrong-Secret-pass-90', token, tokenHash];
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(20);
    for (const secret of [...secrets, ...sessionTokens]) {
      expect(log, 'log output').not.toContain(secret);
      // In the URL of the validate call the token is the caller's own input; in bodies never.
      for (const res of responses) expect(res.body, res.raw.req.url).not.toContain(secret);
    }
    for (const res of responses) {
      if (res.statusCode >= 400) continue;
      expect(res.body).not.toMatch(/"(password|token|hash)"/i);
    }
    await t.close();
  });
});
