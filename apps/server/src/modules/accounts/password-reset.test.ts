import { createHash } from 'node:crypto';
import { authTexts, resetTexts, validationTexts } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import { createAccountsApp, randomIp, signIn, signUp } from '../../test/accounts.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import type { TestApp } from '../../test/test-app.js';

const forgot = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: randomIp(),
  });
const reset = (t: TestApp, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload,
    remoteAddress: randomIp(),
  });
const validate = (t: TestApp, token: string) =>
  t.app.inject({
    url: `/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`,
    remoteAddress: randomIp(),
  });

function tokenFrom(text: string, publicUrl: string): string {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text.slice(0, 500)}`);
  return match[1];
}

let sink: SmtpSink;
/**
 * Signs up through an app that mails through the sink: the sign-up mail (the address's
 * confirmation link, decision 0265) is taken off the sink, so the next mail is the reset.
 */
async function signUpViaSink(app: TestApp['app']) {
  const user = await signUp(app, {}, { confirm: false });
  expect((await sink.next(user.email)).text).toContain('/api/auth/verify-email?token=');
  return user;
}
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

for (const dialect of ['sqlite', 'postgres'] as const) {
  const run = dialect === 'postgres' && !process.env.TEST_DATABASE_URL ? describe.skip : describe;
  run(
    `password reset through SMTP on ${dialect}${dialect === 'postgres' && !process.env.TEST_DATABASE_URL ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
    () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createAccountsApp(dialect, { env: { SMTP_URL: sink.url } });
      });
      afterAll(() => t?.close());

      it('mails a one-hour, single-use link; the token is stored only as its SHA-256', async () => {
        const user = await signUpViaSink(t.app);
        const other = await signIn(t.app, user.email, user.password);
        const res = await forgot(t, user.email);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: authTexts.forgotPasswordReply });

        const mail = await sink.next(user.email);
        const token = tokenFrom(mail.text, t.config.publicUrl);
        const rows = await t.app.database.db.selectFrom('verifications').selectAll().execute();
        const hash = createHash('sha256').update(token).digest('hex');
        expect(rows.map((r) => r.identifier)).toContain(hash);
        expect(JSON.stringify(rows)).not.toContain(token);
        const row = rows.find((r) => r.identifier === hash)!;
        const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
        expect(Math.round(lifetime / 60_000)).toBe(60);

        expect((await validate(t, token)).json()).toEqual({ valid: true });
        expect((await validate(t, hash)).json()).toEqual({ valid: false });

        const done = await reset(t, {
          token,
          password: 'new-password-1',
          confirmPassword: 'new-password-1',
        });
        expect(done.statusCode).toBe(200);
        expect(done.json()).toEqual({ message: resetTexts.passwordReset });

        // Single use, sessions revoked, new password works, old does not.
        expect((await validate(t, token)).json()).toEqual({ valid: false });
        const replay = await reset(t, {
          token,
          password: 'again-again',
          confirmPassword: 'again-again',
        });
        expect(replay.statusCode).toBe(400);
        expect(replay.json().error.message).toBe(resetTexts.invalidOrExpiredToken);
        for (const cookie of [user.cookie, String(other.headers['set-cookie'])]) {
          const s = await t.app.inject({
            url: '/api/auth/session',
            headers: { cookie: cookie.split(';')[0]! },
          });
          expect(s.json()).toEqual({ user: null });
        }
        expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
        expect((await signIn(t.app, user.email, 'new-password-1')).statusCode).toBe(200);
      });

      it('gives the same answer for an unknown e-mail and sends nothing', async () => {
        const res = await forgot(t, 'nobody-here@example.com');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: authTexts.forgotPasswordReply });
        // A reset asked for afterwards is delivered, and nothing came for the unknown address
        // before it (waiting on that mail, not for a while).
        const user = await signUpViaSink(t.app);
        await forgot(t, user.email);
        await sink.next(user.email);
        expect(sink.messages.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
      });

      it('a new reset request invalidates the previous token', async () => {
        const user = await signUpViaSink(t.app);
        await forgot(t, user.email);
        const first = tokenFrom((await sink.next(user.email)).text, t.config.publicUrl);
        expect((await validate(t, first)).json()).toEqual({ valid: true });
        await forgot(t, user.email);
        const second = tokenFrom((await sink.next(user.email)).text, t.config.publicUrl);
        expect(second).not.toBe(first);

        expect((await validate(t, first)).json()).toEqual({ valid: false });
        const refused = await reset(t, {
          token: first,
          password: 'from-old-link',
          confirmPassword: 'from-old-link',
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.message).toBe(resetTexts.invalidOrExpiredToken);
        expect((await validate(t, second)).json()).toEqual({ valid: true });
        const done = await reset(t, {
          token: second,
          password: 'from-new-link',
          confirmPassword: 'from-new-link',
        });
        expect(done.statusCode).toBe(200);
        expect((await signIn(t.app, user.email, 'from-new-link')).statusCode).toBe(200);
        const left = await t.app.database.db
          .selectFrom('verifications')
          .select('id')
          .where('value', '=', user.id)
          .execute();
        expect(left).toEqual([]);
      });

      it('refuses an expired token', async () => {
        const user = await signUpViaSink(t.app);
        await forgot(t, user.email);
        const token = tokenFrom((await sink.next(user.email)).text, t.config.publicUrl);
        await t.app.database.db
          .updateTable('verifications')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('identifier', '=', createHash('sha256').update(token).digest('hex'))
          .execute();
        expect((await validate(t, token)).json()).toEqual({ valid: false });
        const res = await reset(t, { token, password: 'whatever1', confirmPassword: 'whatever1' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(resetTexts.invalidOrExpiredToken);
        expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(200);
      });
    },
  );
}

describe('reset form rules (spec §5)', () => {
  it("checks 'Passwords don't match' first, then the minimum of 8; a missing token is invalid", async () => {
    const t = await createAccountsApp('sqlite');
    let res = await reset(t, { token: 'x', password: 'a', confirmPassword: 'b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(validationTexts.passwordsMismatch);
    expect(res.json().error.fields).toEqual({ confirmPassword: validationTexts.passwordsMismatch });
    res = await reset(t, { token: 'x', password: 'a', confirmPassword: 'a' });
    expect(res.json().error.message).toBe(validationTexts.passwordMin);
    res = await reset(t, { password: 'long-enough', confirmPassword: 'long-enough' });
    expect(res.json().error.message).toBe(resetTexts.invalidOrExpiredToken);
    expect((await validate(t, '')).json()).toEqual({ valid: false });
    await t.close();
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail to the outbox only: no token or link in any log line, at any level', async () => {
    const lines: string[] = [];
    // The mail is written after the answer is sent: wait for its log line, not for a while.
    let outboxLogged: () => void = () => undefined;
    const whenOutboxLogged = new Promise<void>((resolve) => {
      outboxLogged = resolve;
    });
    const t = await createAccountsApp('sqlite', {
      env: { LOG_LEVEL: 'trace' },
      logStream: {
        write: (line: string) => {
          lines.push(line);
          if (line.includes('mail written to the outbox')) outboxLogged();
        },
      },
    });
    const user = await signUp(t.app);
    await forgot(t, user.email);
    await whenOutboxLogged;
    await t.app.mailer.idle();
    // The sign-up mail (its link confirmed the address) is there too.
    const rows = (await listOutbox(t.app.database.db, user.email)).filter(
      (row) => row.subject !== 'Confirm your e-mail address for Cutout',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Reset your Cutout password', sent_at: null });
    const token = tokenFrom(rows[0]?.text ?? '', t.config.publicUrl);
    expect(rows[0]?.html).toContain(`/reset-password?token=${token}`);

    // What the person then does with the link: open the page, which checks it, and reset.
    await t.app.inject({ url: `/reset-password?token=${token}`, remoteAddress: randomIp() });
    expect((await validate(t, token)).json()).toEqual({ valid: true });
    const done = await reset(t, {
      token,
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(done.statusCode).toBe(200);
    await t.app.close();

    const logged = lines.map(
      (l) => JSON.parse(l) as { level: number; msg: string; outboxId?: string },
    );
    const log = lines.join('\n');
    expect(log).toContain('/reset-password');
    for (const secret of [
      token,
      encodeURIComponent(token),
      createHash('sha256').update(token).digest('hex'),
      'new-password-1',
    ]) {
      expect(log, 'log output').not.toContain(secret);
    }
    expect(log).not.toMatch(/reset-password\?token=[A-Za-z0-9_-]/);
    const entry = logged.find(
      (l) => l.msg.startsWith('mail written to the outbox') && l.outboxId === rows[0]?.id,
    );
    expect(entry).toMatchObject({ level: 30, to: user.email, outboxId: rows[0]?.id });
    await t.close();
  });
});
