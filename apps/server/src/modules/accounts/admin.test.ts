import { accountTexts, authTexts } from '@cutout/contracts';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import {
  adminCookie,
  cookieFrom,
  onBothDialects,
  signIn,
  signUp,
  TEST_ADMIN,
} from '../../test/accounts.js';
import { tempDir, testConfig } from '../../test/test-app.js';
import { auditEntries } from '../audit/audit.service.js';

describe('the first admin', () => {
  async function start(dir: string, env: Record<string, string> = {}) {
    const lines: string[] = [];
    const app = await buildApp(testConfig({ DATA_DIR: dir, LOG_LEVEL: 'info', ...env }), {
      webApp: null,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
    const logs = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    return { app, logs };
  }

  it('is created from ADMIN_EMAIL / ADMIN_PASSWORD, and never overwritten at a later start', async () => {
    const tmp = tempDir();
    const first = await start(tmp.dir, {
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'first-password',
    });
    const ok = await signIn(first.app, 'boss@example.com', 'first-password');
    expect(ok.json().user).toMatchObject({ role: 'admin', name: 'Admin' });
    await first.app.close();

    const second = await start(tmp.dir, {
      ADMIN_EMAIL: 'other@example.com',
      ADMIN_PASSWORD: 'second-password',
    });
    expect((await signIn(second.app, 'boss@example.com', 'first-password')).statusCode).toBe(200);
    expect((await signIn(second.app, 'other@example.com', 'second-password')).statusCode).toBe(401);
    const admins = await second.app.database.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ email: 'boss@example.com' }]);
    await second.app.close();
    tmp.remove();
  });

  it('gets a generated password printed once, at warn level, when none is configured', async () => {
    const tmp = tempDir();
    const first = await start(tmp.dir);
    const warned = first.logs.filter(
      (l) => l.level === 40 && typeof l.generatedPassword === 'string',
    );
    expect(warned).toHaveLength(1);
    expect(warned[0]?.email).toBe('admin@cutout.local');
    const password = String(warned[0]?.generatedPassword);
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await signIn(first.app, 'admin@cutout.local', password)).statusCode).toBe(200);
    await first.app.close();

    const second = await start(tmp.dir);
    expect(second.logs.filter((l) => 'generatedPassword' in l || 'password' in l)).toHaveLength(0);
    expect((await signIn(second.app, 'admin@cutout.local', password)).statusCode).toBe(200);
    await second.app.close();
    tmp.remove();
  });
});

onBothDialects('Admin Setup and the last admin', (get) => {
  it('shows the admin e-mail, never a password', async () => {
    const { app } = get();
    const res = await app.inject({
      url: '/api/admin/setup',
      headers: { cookie: await adminCookie(app) },
    });
    expect(res.json()).toEqual({ email: TEST_ADMIN.email });
  });

  it('refuses to demote or delete the last admin (409), allows it once another admin exists', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    const admin = (await app.inject({ url: '/api/me', headers: { cookie } })).json();
    const demote = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.id}/role`,
      headers: { cookie },
      payload: { role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(accountTexts.lastAdmin);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${admin.id}`,
      headers: { cookie },
    });
    expect(remove.statusCode).toBe(409);

    const helper = await signUp(app);
    const promote = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${helper.id}/role`,
      headers: { cookie },
      payload: { role: 'admin' },
    });
    expect(promote.json().role).toBe('admin');
    const helperSession = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: helper.cookie },
    });
    expect(helperSession.json().user.role).toBe('admin');
    // Now the helper is not the last admin: they can be demoted again, and deleted.
    const back = await app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${helper.id}/role`,
      headers: { cookie },
      payload: { role: 'user' },
    });
    expect(back.json().role).toBe('user');
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${helper.id}`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(204);
    const after = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: helper.cookie },
    });
    expect(after.json()).toEqual({ user: null });
  });

  it('clears every user but the admin, only with { confirm: true }', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    const user = await signUp(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/admin/users/clear',
      headers: { cookie },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(accountTexts.confirmClear);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/users/clear',
      headers: { cookie },
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toBeGreaterThanOrEqual(1);
    const [entry] = await auditEntries(app.database.db, { actionPrefix: 'user.clear-all' });
    expect(entry).toMatchObject({
      actorEmail: TEST_ADMIN.email,
      detail: { deleted: res.json().deleted },
    });
    const left = await app.database.db.selectFrom('users').select(['role']).execute();
    expect(left.every((u) => u.role === 'admin')).toBe(true);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
    expect(
      await app.database.db
        .selectFrom('credit_ledger')
        .select('id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it('sets the admin credentials: all required; the current password checked; taken e-mail 409; others signed out; the old address mailed', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    const elsewhere = await adminCookie(app);
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/setup/credentials',
        headers: { cookie },
        payload,
      });
    const mailsTo = (to: string) =>
      app.database.db.selectFrom('outbox').selectAll().where('to', '=', to).execute();
    const mailedBefore = (await mailsTo(TEST_ADMIN.email)).length;

    const empty = await put({ currentPassword: '', email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(authTexts.adminSetupRequired);
    expect(empty.json().error.fields).toEqual({
      currentPassword: authTexts.adminSetupRequired,
      email: authTexts.adminSetupRequired,
      password: authTexts.adminSetupRequired,
    });

    // A borrowed session alone cannot take the account over: without the current password
    // (or with a wrong one) nothing changes and no session ends.
    const without = await put({ email: 'thief@example.com', password: 'thief-password' });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.fields.currentPassword).toBe(authTexts.adminSetupRequired);
    const wrong = await put({
      currentPassword: 'not-the-password',
      email: 'thief@example.com',
      password: 'thief-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(authTexts.currentPasswordIncorrect);
    expect(wrong.json().error.fields).toEqual({
      currentPassword: authTexts.currentPasswordIncorrect,
    });
    expect((await signIn(app, 'thief@example.com', 'thief-password')).statusCode).toBe(401);
    const untouched = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: elsewhere },
    });
    expect(untouched.json().user).toMatchObject({ email: TEST_ADMIN.email });
    const refused = await auditEntries(app.database.db, { actionPrefix: 'admin.set-credentials' });
    expect(refused[0]).toMatchObject({ detail: { outcome: 'refused' } });
    expect(JSON.stringify(refused)).not.toContain('not-the-password');

    const user = await signUp(app);
    const taken = await put({
      currentPassword: TEST_ADMIN.password,
      email: user.email,
      password: 'new-admin-pass',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(authTexts.userExists);

    const ok = await put({
      currentPassword: TEST_ADMIN.password,
      email: 'root@example.com',
      password: 'new-admin-pass',
    });
    expect(ok.statusCode).toBe(200);
    const still = await app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(still.json().user).toMatchObject({ email: 'root@example.com', role: 'admin' });
    const other = await app.inject({ url: '/api/auth/session', headers: { cookie: elsewhere } });
    expect(other.json()).toEqual({ user: null });
    const signedIn = await signIn(app, 'root@example.com', 'new-admin-pass');
    expect(signedIn.statusCode).toBe(200);
    // Audited, with no password in the row.
    const entries = await auditEntries(app.database.db, { actionPrefix: 'admin.set-credentials' });
    expect(entries[0]).toMatchObject({
      actorEmail: 'root@example.com',
      detail: {
        before: { email: TEST_ADMIN.email },
        after: { email: 'root@example.com' },
        oldAddressNotified: true,
      },
    });
    expect(JSON.stringify(entries)).not.toContain('new-admin-pass');
    expect(cookieFrom(signedIn)).toContain('cutout.session_token=');
    // The old address is told, with the new one, and never a password.
    await vi.waitFor(async () => {
      expect((await mailsTo(TEST_ADMIN.email)).length).toBe(mailedBefore + 1);
    });
    const [mail] = (await mailsTo(TEST_ADMIN.email)).slice(-1);
    expect(mail!.subject).toBe('Your Cutout admin credentials were changed');
    expect(mail!.text).toContain('now signs in as root@example.com');
    expect(mail!.text).toContain('Every other session of this account was signed out.');
    expect(mail!.text).not.toContain('new-admin-pass');
    expect(await mailsTo('root@example.com')).toEqual([]);
    // Put things back for the other tests in this suite.
    const back = await put({
      currentPassword: 'new-admin-pass',
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
    });
    expect(back.statusCode).toBe(200);
  });

  it('limits how often one admin may try the credentials form (no guessing the current password)', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/admin/setup/credentials',
        headers: { cookie },
        payload: { currentPassword: `guess-${i}`, email: TEST_ADMIN.email, password: 'whatever-1' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(10);
    expect(codes.at(-1)).toBe(429);
    expect((await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
  });
});
