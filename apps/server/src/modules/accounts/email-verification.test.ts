import {
  adminApiPaths,
  authTexts,
  freeCreditsCondition,
  resetTexts,
  verifyEmailTexts,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import {
  adminCookie,
  confirmEmailFromOutbox,
  creditsOf,
  onBothDialects,
  randomIp,
  signIn,
  signUp,
  TEST_ADMIN,
} from '../../test/accounts.js';
import {
  createTestApp,
  openTestPostgres,
  tempDir,
  testDatabaseUrl,
  type TestApp,
} from '../../test/test-app.js';
import { listLedger } from '../credits/credits.repository.js';
import { rateLimits } from '../../plugins/rate-limits.js';

// Verified addresses before free credits (issue 36 item 3, decision 0265), and the account leaks
// of item 5: deactivated accounts and reset links, names, the outbox's expired reset links.

async function mailsTo(app: FastifyInstance, to: string) {
  await app.mailer.idle();
  return listOutbox(app.database.db, to);
}

const me = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ url: '/api/me', headers: { cookie } })).json<{
    credits: number;
    emailVerified: boolean;
    name: string;
  }>();

const grants = async (app: FastifyInstance, userId: string) =>
  (await listLedger(app.database.db, userId, 100, 0)).filter((row) => row.kind === 'grant');

const resend = (app: FastifyInstance, cookie: string, ip = randomIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    headers: { cookie },
    remoteAddress: ip,
  });

const resetTokenIn = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)?.[1];

onBothDialects('verified addresses before free credits', (get) => {
  it('signs up with 0 credits, mails the link, and the link grants 10 once, with a ledger row', async () => {
    const { app } = get();
    const user = await signUp(app, {}, { confirm: false });
    expect(await me(app, user.cookie)).toMatchObject({ credits: 0, emailVerified: false });
    expect(await grants(app, user.id)).toEqual([]);

    const [mail, ...more] = await mailsTo(app, user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Confirm your e-mail address for Cutout');
    expect(mail!.text).toContain(`10 free credits arrive ${freeCreditsCondition}`);
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(mail!.text)![0];

    // A signed-in, unconfirmed account can buy credits meanwhile.
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkouts',
      headers: { cookie: user.cookie },
      payload: { planId: 'credits-10' },
    });
    expect(checkout.statusCode).toBe(201);

    const open = () =>
      app.inject({ url: new URL(link).pathname + new URL(link).search, remoteAddress: randomIp() });
    const first = await open();
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/dashboard?email=confirmed');
    expect(await me(app, user.cookie)).toMatchObject({ credits: 10, emailVerified: true });

    // Opening it again, or two confirmations at once, adds nothing.
    await Promise.all([open(), open()]);
    expect(await creditsOf(app, user.cookie)).toBe(10);
    const rows = await grants(app, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 10,
      reason: 'E-mail address confirmed',
      reference: 'email-confirmed',
    });
  });

  it('refuses an altered or foreign token: no credits, the dashboard is told', async () => {
    const { app } = get();
    const user = await signUp(app, {}, { confirm: false });
    const [mail] = await mailsTo(app, user.email);
    const token = /verify-email\?token=(\S+)/.exec(mail!.text)![1]!;
    for (const bad of [`${token.slice(0, -2)}xx`, 'not-a-token']) {
      const res = await app.inject({
        url: `/api/auth/verify-email?token=${encodeURIComponent(bad)}`,
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/dashboard?email=invalid');
    }
    expect(await me(app, user.cookie)).toMatchObject({ credits: 0, emailVerified: false });
  });

  it('lets an unconfirmed account sign in and resend the link (throttled), then says it is done', async () => {
    const { app } = get();
    const user = await signUp(app, {}, { confirm: false });
    const signedIn = await signIn(app, user.email, user.password);
    expect(signedIn.statusCode).toBe(200);

    const max = rateLimits.accounts.resendVerification.perAccount.max;
    for (let i = 0; i < max; i++) {
      const res = await resend(app, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(verifyEmailTexts.resent(user.email));
    }
    expect(await mailsTo(app, user.email)).toHaveLength(1 + max);
    const refused = await resend(app, user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(await mailsTo(app, user.email)).toHaveLength(1 + max);

    // The newest link works; so does an earlier one (each is signed, none is stored).
    await confirmEmailFromOutbox(app, user.email);
    expect(await creditsOf(app, user.cookie)).toBe(10);

    const other = await signUp(app);
    const done = await resend(app, other.cookie);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe(verifyEmailTexts.alreadyConfirmed);
    expect((await resend(app, '')).statusCode).toBe(401);
  });

  it('the first admin is confirmed and has the free credits', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    expect(await me(app, cookie)).toMatchObject({ credits: 10, emailVerified: true });
  });

  it('an admin-added user is confirmed by the mailed set-password link, which grants the credits', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    const email = `added-${Date.now()}@example.com`;
    const created = await app.inject({
      method: 'POST',
      url: adminApiPaths.users,
      headers: { cookie },
      payload: { name: 'Added Person', email },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ credits: 0 });
    const [mail] = await mailsTo(app, email);
    expect(mail!.text).toContain(`10 free credits arrive ${freeCreditsCondition}`);
    const token = resetTokenIn(mail!.text)!;
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'first-password-1', confirmPassword: 'first-password-1' },
      remoteAddress: randomIp(),
    });
    expect(set.statusCode).toBe(200);
    const res = await signIn(app, email, 'first-password-1');
    const session = res.headers['set-cookie'];
    expect(res.statusCode).toBe(200);
    const userCookie = [session]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    expect(await me(app, userCookie)).toMatchObject({ credits: 10, emailVerified: true });
  });

  it('a deactivated account gets the generic answer and no link; its earlier link is refused', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    const user = await signUp(app);
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
        remoteAddress: randomIp(),
      });
    expect((await forgot()).statusCode).toBe(200);
    const before = await mailsTo(app, user.email);
    const token = resetTokenIn(before.at(-1)!.text)!;
    expect(token).toBeDefined();

    const off = await app.inject({
      method: 'PUT',
      url: adminApiPaths.user(user.id),
      headers: { cookie },
      payload: { status: 'inactive', reason: 'abuse' },
    });
    expect(off.statusCode).toBe(200);

    const answer = await forgot();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: authTexts.forgotPasswordReply });
    expect(await mailsTo(app, user.email)).toHaveLength(before.length);
    expect(
      await app.database.db
        .selectFrom('verifications')
        .select('id')
        .where('value', '=', user.id)
        .execute(),
    ).toEqual([]);

    const valid = await app.inject({
      url: `/api/auth/reset-password/validate?token=${token}`,
      remoteAddress: randomIp(),
    });
    expect(valid.json()).toEqual({ valid: false });
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'taken-over-1', confirmPassword: 'taken-over-1' },
      remoteAddress: randomIp(),
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe(resetTexts.invalidOrExpiredToken);
  });

  it('names lose control and bidi characters: stored clean, shown clean', async () => {
    const { app } = get();
    const user = await signUp(app, { name: ' Eve\u202Egnp.exe\n\tAdmin\u2066 ' });
    expect((await me(app, user.cookie)).name).toBe('Evegnp.exe Admin');
    const stored = await app.database.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Evegnp.exe Admin');

    const renamed = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: user.cookie },
      payload: { name: 'Mallory\r\nBcc: x\u200F' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Mallory Bcc: x');

    const onlyControls = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: user.cookie },
      payload: { name: '\u202E\u202E\n' },
    });
    expect(onlyControls.statusCode).toBe(400);
  });

  it('with no SMTP server, reset links older than their lifetime are made unusable in the outbox', async () => {
    const { app } = get();
    const user = await signUp(app);
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: randomIp(),
    });
    const mail = (await mailsTo(app, user.email)).at(-1)!;
    const token = resetTokenIn(mail.text)!;
    // Within the lifetime the link stays readable; past it, it is rewritten.
    expect(await app.mailer.redactExpiredLinks(new Date())).toBe(0);
    const later = new Date(Date.now() + 61 * 60_000);
    expect(await app.mailer.redactExpiredLinks(later)).toBeGreaterThanOrEqual(1);
    const after = (await listOutbox(app.database.db, user.email)).find((m) => m.id === mail.id)!;
    expect(after.text).not.toContain(token);
    expect(after.html ?? '').not.toContain(token);
    expect(after.text).toContain('/reset-password?token=expired');
    expect(await app.mailer.redactExpiredLinks(later)).toBe(0);
  });
});

// A restart (a new app on the same database) keeps the sign-up limit and the sign-in back-off:
// without Redis their state is in the database.
describe('the sign-up limit and the sign-in back-off survive a restart', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const skip = dialect === 'postgres' && !testDatabaseUrl;
    (skip ? it.skip : it)(
      `on ${dialect}${skip ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
      async () => {
        const dir = tempDir();
        const pg = dialect === 'postgres' ? await openTestPostgres(testDatabaseUrl!) : undefined;
        const env = {
          DATA_DIR: dir.dir,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          ...(pg ? { DATABASE_URL: pg.url } : {}),
        };
        let t: TestApp | undefined;
        try {
          await pg?.handle.close();
          const ip = randomIp();
          const signUpFrom = (app: FastifyInstance, n: number) =>
            app.inject({
              method: 'POST',
              url: '/api/auth/sign-up',
              payload: {
                name: 'Farm Hand',
                email: `farm${n}@example.invalid`,
                password: 'farm-password',
              },
              remoteAddress: ip,
            });
          const { max } = rateLimits.accounts.signUp.perIp;
          t = await createTestApp({ env });
          for (let n = 0; n < max; n++) expect((await signUpFrom(t.app, n)).statusCode).toBe(201);
          await t.close();
          t = await createTestApp({ env });
          const refused = await signUpFrom(t.app, max);
          expect(refused.statusCode).toBe(429);
          // Another address is not affected.
          const other = await t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-up',
            payload: { name: 'Someone', email: 'someone@example.com', password: 'some-password' },
            remoteAddress: randomIp(),
          });
          expect(other.statusCode).toBe(201);
        } finally {
          await t?.close();
          await pg?.dispose();
          dir.remove();
        }
      },
    );

    (skip ? it.skip : it)(
      `the sign-in back-off on ${dialect}${skip ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
      async () => {
        const dir = tempDir();
        const pg = dialect === 'postgres' ? await openTestPostgres(testDatabaseUrl!) : undefined;
        const env = {
          DATA_DIR: dir.dir,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          ...(pg ? { DATABASE_URL: pg.url } : {}),
        };
        let t: TestApp | undefined;
        try {
          await pg?.handle.close();
          t = await createTestApp({ env });
          const user = await signUp(t.app, {}, { confirm: false });
          const attacker = randomIp();
          const from = (app: FastifyInstance, ip: string, password: string) =>
            app.inject({
              method: 'POST',
              url: '/api/auth/sign-in',
              payload: { email: user.email, password },
              remoteAddress: ip,
            });
          const { freeFailures } = rateLimits.accounts.failedSignIns;
          for (let i = 0; i < freeFailures; i++) {
            expect((await from(t.app, attacker, `wrong-${i}`)).statusCode).toBe(401);
          }
          expect((await from(t.app, attacker, user.password)).statusCode).toBe(429);
          await t.close();
          t = await createTestApp({ env });
          // Still backed off after the restart; the owner elsewhere signs in.
          expect((await from(t.app, attacker, user.password)).statusCode).toBe(429);
          expect((await from(t.app, randomIp(), user.password)).statusCode).toBe(200);
        } finally {
          await t?.close();
          await pg?.dispose();
          dir.remove();
        }
      },
    );
  }
});
