import { authTexts, validationTexts } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import {
  adminCookie,
  cookieFrom,
  createAccountsApp,
  onBothDialects,
  randomIp,
  signIn,
  signUp,
  TEST_ADMIN,
} from '../../test/accounts.js';

const post = (url: string, payload: object, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url,
  payload,
  headers,
  remoteAddress: randomIp(),
});

onBothDialects('accounts', (get) => {
  it('signs up with every field, signs in, and the session names the user', async () => {
    const { app } = get();
    const res = await app.inject(
      post('/api/auth/sign-up', {
        name: '  Grace Hopper ',
        email: ' Grace@Example.COM ',
        password: 'cobol-1959',
        accountType: 'business',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      role: 'user',
    });
    const session = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: cookieFrom(res) },
    });
    expect(session.json()).toEqual({ user: res.json().user });

    const me = await app.inject({ url: '/api/me', headers: { cookie: cookieFrom(res) } });
    // The free credits wait for the address to be confirmed (decision 0265).
    expect(me.json()).toMatchObject({
      accountType: 'business',
      credits: 0,
      emailVerified: false,
      role: 'user',
    });
    expect(me.json().createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const again = await signIn(app, 'grace@example.com', 'cobol-1959');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.email).toBe('grace@example.com');
  });

  it('defaults the account type to personal', async () => {
    const { app } = get();
    const user = await signUp(app);
    const me = await app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.json().accountType).toBe('personal');
  });

  it('refuses a second account with the same e-mail (409, the spec text)', async () => {
    const { app } = get();
    const user = await signUp(app);
    const res = await app.inject(
      post('/api/auth/sign-up', {
        name: 'Someone Else',
        email: user.email.toUpperCase(),
        password: 'another-password',
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(authTexts.userExists);
  });

  it('answers a wrong password and an unknown e-mail the same way (401)', async () => {
    const { app } = get();
    const user = await signUp(app);
    const wrong = await signIn(app, user.email, 'not the password');
    const unknown = await signIn(app, 'nobody@example.com', 'not the password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'unauthorized', message: authTexts.invalidCredentials },
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const { app } = get();
    const user = await signUp(app);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/cutout\.session_token=;.*Max-Age=0/);
    const session = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: user.cookie },
    });
    expect(session.json()).toEqual({ user: null });
    const again = await app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(again.statusCode).toBe(204);
  });

  it('treats an expired session as signed out', async () => {
    const { app } = get();
    const user = await signUp(app);
    await app.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const session = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: user.cookie },
    });
    expect(session.json()).toEqual({ user: null });
    const me = await app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('changes the password: checks the current one, signs out the other sessions only', async () => {
    const { app } = get();
    const user = await signUp(app);
    const other = cookieFrom(await signIn(app, user.email, user.password));
    const change = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: user.cookie },
        payload,
      });

    let res = await change({
      currentPassword: 'wrong-one',
      newPassword: 'brand-new',
      confirmNewPassword: 'brand-new',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(authTexts.currentPasswordIncorrect);
    expect(res.json().error.fields.currentPassword).toBe(authTexts.currentPasswordIncorrect);

    res = await change({
      currentPassword: user.password,
      newPassword: 'brand-new',
      confirmNewPassword: 'brand-old',
    });
    expect(res.json().error.message).toBe(validationTexts.newPasswordsMismatch);
    res = await change({
      currentPassword: user.password,
      newPassword: 'seven77',
      confirmNewPassword: 'seven77',
    });
    expect(res.json().error.message).toBe(validationTexts.passwordMin);

    res = await change({
      currentPassword: user.password,
      newPassword: 'eight888',
      confirmNewPassword: 'eight888',
    });
    expect(res.statusCode).toBe(200);
    const mine = await app.inject({ url: '/api/auth/session', headers: { cookie: user.cookie } });
    expect(mine.json().user.id).toBe(user.id);
    const theirs = await app.inject({ url: '/api/auth/session', headers: { cookie: other } });
    expect(theirs.json().user).toBeNull();
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(app, user.email, 'eight888')).statusCode).toBe(200);
  });

  it('refuses change-password without a session with the spec text', async () => {
    const { app } = get();
    const res = await app.inject(
      post('/api/auth/change-password', {
        currentPassword: 'a',
        newPassword: 'bbbbbbbb',
        confirmNewPassword: 'bbbbbbbb',
      }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(authTexts.mustBeLoggedIn);
  });

  it('GET /users/{id}: the user themself or an admin; others 403', async () => {
    const { app } = get();
    const a = await signUp(app);
    const b = await signUp(app);
    const own = await app.inject({ url: `/users/${a.id}`, headers: { cookie: a.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: a.id, email: a.email, credits: 10, role: 'user' });
    expect(Object.keys(own.json()).sort()).toEqual(
      [
        'accountType',
        'createdAt',
        'credits',
        'email',
        'emailVerified',
        'id',
        'name',
        'role',
      ].sort(),
    );
    const other = await app.inject({ url: `/users/${b.id}`, headers: { cookie: a.cookie } });
    expect(other.statusCode).toBe(403);
  });
});

describe('sign-up validation (spec §5)', () => {
  it('answers each rule with its spec message, per field', async () => {
    const t = await createAccountsApp('sqlite');
    const res = await t.app.inject(
      post('/api/auth/sign-up', {
        name: 'A',
        email: 'not-an-email',
        password: 'short',
        accountType: 'team',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: validationTexts.nameMin,
      email: validationTexts.email,
      password: validationTexts.passwordMin,
      accountType: validationTexts.accountType,
    });
    expect(await t.app.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    await t.close();
  });

  it('asks for both fields on sign-in, with no length rule on the password', async () => {
    const t = await createAccountsApp('sqlite');
    const res = await t.app.inject(post('/api/auth/sign-in', { email: '', password: '' }));
    expect(res.json().error.fields).toEqual({
      email: validationTexts.emailRequired,
      password: 'Password is required',
    });
    const short = await t.app.inject(post('/api/auth/sign-in', { email: 'a@b.co', password: 'x' }));
    expect(short.statusCode).toBe(401);
    await t.close();
  });
});

describe('Remember me', () => {
  it('ticked: a lasting cookie (Max-Age); not ticked: a browser-session cookie', async () => {
    const t = await createAccountsApp('sqlite');
    const user = await signUp(t.app);
    const remembered = await signIn(t.app, user.email, user.password, true);
    const session = String(
      ([] as string[])
        .concat(remembered.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('cutout.session_token=')),
    );
    expect(session).toMatch(/Max-Age=\d{6,}/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);

    const forgotten = await signIn(t.app, user.email, user.password, false);
    const cookie = String(
      ([] as string[])
        .concat(forgotten.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('cutout.session_token=')),
    );
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(cookie).toMatch(/HttpOnly/);
    await t.close();
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const t = await createAccountsApp('sqlite', { env: { PUBLIC_URL: 'https://cutout.example' } });
    const res = await t.app.inject(
      post('/api/auth/sign-up', { name: 'Sec Ure', email: 's@example.com', password: 'password1' }),
    );
    expect(String(res.headers['set-cookie'])).toMatch(/__Secure-cutout\.session_token=.*; Secure/);
    await t.close();
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request from another origin, allows our own', async () => {
    const t = await createAccountsApp('sqlite');
    const user = await signUp(t.app);
    const body = { email: user.email, password: user.password };
    const evil = await t.app.inject(
      post('/api/auth/sign-in', body, { origin: 'https://evil.example' }),
    );
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.code).toBe('forbidden');
    const evilReferer = await t.app.inject(
      post('/api/auth/sign-out', {}, { referer: 'https://evil.example/page', cookie: user.cookie }),
    );
    expect(evilReferer.statusCode).toBe(403);
    const own = await t.app.inject(post('/api/auth/sign-in', body, { origin: t.config.publicUrl }));
    expect(own.statusCode).toBe(200);
    const sameHost = await t.app.inject(
      post('/api/auth/sign-in', body, { origin: 'http://localhost:80', host: 'localhost:80' }),
    );
    expect(sameHost.statusCode).toBe(200);
    await t.close();
  });
});

describe('one password rule (issue 26)', () => {
  it('refuses 7 characters and takes 8 on sign-up, reset, change and the admin credentials', async () => {
    const t = await createAccountsApp('sqlite');
    const seven = 'seven77';
    const eight = 'eight888';
    const refusedWith = (res: {
      statusCode: number;
      json: () => { error: { message: string } };
    }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(validationTexts.passwordMin);
    };

    refusedWith(
      await t.app.inject(
        post('/api/auth/sign-up', { name: 'Ada', email: 'seven@example.com', password: seven }),
      ),
    );
    const user = await signUp(t.app, { password: eight });

    refusedWith(
      await t.app.inject(
        post('/api/auth/reset-password', { token: 'x', password: seven, confirmPassword: seven }),
      ),
    );

    const change = (newPassword: string) =>
      t.app.inject(
        post(
          '/api/auth/change-password',
          { currentPassword: eight, newPassword, confirmNewPassword: newPassword },
          { cookie: user.cookie },
        ),
      );
    refusedWith(await change(seven));
    expect((await change('another8')).statusCode).toBe(200);

    const admin = await adminCookie(t.app);
    const credentials = (password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/setup/credentials',
        headers: { cookie: admin },
        payload: { currentPassword: TEST_ADMIN.password, email: TEST_ADMIN.email, password },
      });
    refusedWith(await credentials(seven));
    expect((await credentials('admin-pass')).statusCode).toBe(200);
    await t.close();
  });
});
