import { createHash } from 'node:crypto';
import { accountTexts } from '@cutout/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createAccountsApp, randomIp, signIn, signUp } from '../../test/accounts.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { TestApp } from '../../test/test-app.js';

describe('abuse limits', () => {
  const throttle = rateLimits.accounts.failedSignIns;
  const signInFrom = (t: TestApp, ip: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('backs off one address on one account, with a growing Retry-After; the owner elsewhere is not locked out', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const t = await createAccountsApp('sqlite', { clock: () => now });
    const user = await signUp(t.app);
    const attacker = randomIp();
    for (let i = 0; i < throttle.freeFailures; i++) {
      expect((await signInFrom(t, attacker, user.email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const first = await signInFrom(t, attacker, user.email, user.password);
    expect(first.statusCode).toBe(429);
    expect(first.json().error.message).toBe(accountTexts.tooManyFailedSignIns);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBe(throttle.baseDelayMs / 1000);

    // The owner, from their own address, signs in all the same.
    expect((await signInFrom(t, randomIp(), user.email, user.password)).statusCode).toBe(200);

    // Once the wait is over the attacker has one more try; a failure doubles the wait.
    now += firstWait * 1000;
    expect((await signInFrom(t, attacker, user.email, 'wrong-again')).statusCode).toBe(401);
    const second = await signInFrom(t, attacker, user.email, 'wrong-again');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBe(2 * firstWait);
    now += 2 * firstWait * 1000;
    expect((await signInFrom(t, attacker, user.email, 'wrong-again')).statusCode).toBe(401);
    const third = await signInFrom(t, attacker, user.email, 'wrong-again');
    expect(Number(third.headers['retry-after'])).toBe(4 * firstWait);
    await t.close();
  });

  it("many addresses failing one account slow new addresses, never the owner's known address", async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const t = await createAccountsApp('sqlite', { clock: () => now });
    const user = await signUp(t.app);
    const home = randomIp();
    expect((await signInFrom(t, home, user.email, user.password)).statusCode).toBe(200);
    // A botnet: each address stays under its own allowance, together past the account's ceiling.
    for (let i = 0; i < throttle.accountCeiling; i++) {
      const res = await signInFrom(t, randomIp(), user.email, `wrong-${i}`);
      expect(res.statusCode).toBe(401);
      now += 1000;
    }
    // Under attack a new address gets one try, then backs off…
    const fresh = randomIp();
    expect((await signInFrom(t, fresh, user.email, 'wrong-x')).statusCode).toBe(401);
    const slowed = await signInFrom(t, fresh, user.email, user.password);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error.message).toBe(accountTexts.tooManyFailedSignIns);
    // …a new address with the right password gets in on its first try…
    expect((await signInFrom(t, randomIp(), user.email, user.password)).statusCode).toBe(200);
    // …and the owner's own address keeps its full allowance: a typo, then in.
    expect((await signInFrom(t, home, user.email, 'typo')).statusCode).toBe(401);
    expect((await signInFrom(t, home, user.email, user.password)).statusCode).toBe(200);
    // Another account is not affected.
    const other = await signUp(t.app);
    expect((await signIn(t.app, other.email, other.password)).statusCode).toBe(200);
    await t.close();
    // Dozens of password hashes in a row: on 2 busy cores (CI runs lanes side by side) this
    // takes tens of seconds.
  }, 120_000);

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
    // The sign-up mail's link confirms the address (decision 0265): its token is a secret too.
    const confirmation = (await sink.next(email)).text;
    const verifyToken = /verify-email\?token=([\w.-]+)/.exec(confirmation)?.[1] ?? '';
    expect(verifyToken.length).toBeGreaterThan(20);
    const confirmed = await send('GET', `/api/auth/verify-email?token=${verifyToken}`);
    expect(confirmed.headers.location).toBe('/dashboard?email=confirmed');
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
    const secrets = [
      password,
      resetTo,
      changeTo,
      'wrong-Secret-pass-90',
      token,
      tokenHash,
      verifyToken,
    ];
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
