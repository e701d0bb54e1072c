import { randomUUID } from 'node:crypto';
import { adminApiPaths, auditActions } from '@cutout/contracts';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import type { Mailer } from '../../mail/mailer.js';
import { TEST_ADMIN, adminCookie, onBothDialects, signIn, signUp } from '../../test/accounts.js';
import { SignInThrottle } from '../accounts/failed-sign-ins.js';
import { accountLockedOut, notifyAdmins } from './admin-alerts.service.js';
import { adminOverview, startOfUtcDay } from './admin-overview.service.js';
import { insertJob } from '../../test/admin.js';
import { deliver, orderEventBody, TEST_SANDBOX_SECRET } from '../../test/payments.js';

// The overview's figures equal what the test stored; the two toggles are stored per admin and
// decide who gets which mail.

onBothDialects(
  'admin overview and alerts',
  (get) => {
    it('counts users, images and failed jobs from stored rows, and shows recent activity', async () => {
      const { app } = get();
      const cookie = await adminCookie(app);
      const before = (
        await app.inject({ url: adminApiPaths.overview, headers: { cookie } })
      ).json();
      expect(before.sales).toBeNull();
      const a = await signUp(app);
      const b = await signUp(app);
      const db = app.database.db;
      const now = new Date();
      const startToday = startOfUtcDay(now).getTime();
      // Today (a minute after midnight UTC, or now when that is later), 3 days ago, 20 days ago, 40.
      const today = new Date(Math.min(now.getTime(), startToday + 60_000));
      await insertJob(db, a.id, 'completed', today);
      await insertJob(db, a.id, 'completed', new Date(now.getTime() - 3 * 86_400_000));
      await insertJob(db, b.id, 'completed', new Date(now.getTime() - 20 * 86_400_000));
      await insertJob(db, b.id, 'completed', new Date(now.getTime() - 40 * 86_400_000));
      await insertJob(db, b.id, 'failed', today);
      await insertJob(db, b.id, 'queued', null);
      await app.inject({
        method: 'PUT',
        url: adminApiPaths.user(a.id),
        headers: { cookie },
        payload: { status: 'inactive' },
      });

      const res = await app.inject({ url: adminApiPaths.overview, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const o = res.json();
      expect(o.users.total).toBe(before.users.total + 2);
      expect(o.users.newLast7Days).toBe(before.users.newLast7Days + 2);
      expect(o.images.today - before.images.today).toBe(1);
      expect(o.images.last7Days - before.images.last7Days).toBe(2);
      expect(o.images.last30Days - before.images.last30Days).toBe(3);
      expect(o.jobs.failedToday - before.jobs.failedToday).toBe(1);
      expect(o.jobs.failed30Days - before.jobs.failed30Days).toBe(1);
      expect(o.queue).toMatchObject({ running: 0, waiting: 0 });
      expect(o.queue.workers).toBeGreaterThan(0);
      expect(o.engine.status).toBeTruthy();
      // The test app has no Turnstile keys: the overview says so, to the admin only.
      expect(o.botCheck).toBe(false);
      expect(o.recentActivity[0]).toMatchObject({
        action: auditActions.userDeactivate,
        targetId: a.id,
        actorEmail: TEST_ADMIN.email,
      });

      // A real order through the signed sandbox webhook: credits sold appear, and the admin (whose
      // notifications are on by default) is mailed about the purchase. A sandbox order is test
      // mode: no revenue, so revenue stays null rather than a zero.
      const mailsBefore = (await listOutbox(db, TEST_ADMIN.email)).length;
      const delivered = await deliver(
        get().app,
        orderEventBody('order_created', {
          orderId: `ord-${randomUUID()}`,
          userId: b.id,
          variantId: 'credits-100',
        }),
      );
      expect(delivered.json()).toMatchObject({ outcome: 'credited' });
      const sold = await adminOverview({
        db,
        queue: () => ({ running: 1, concurrency: 2, waiting: 3, capacity: 16 }),
        queueHealth: () => ({ status: 'ok' }),
        engineHealth: () => ({ status: 'ok', detail: 'model ready' }),
        payments: () => get().app.payments.status(),
        botCheck: async () => false,
      });
      // A sandbox order grants credits but sells none: it is counted apart and earns nothing.
      expect(sold.sales).toEqual({
        creditsSold30Days: 0,
        revenue30Days: { amount: 0, currency: 'USD' },
        liveOrders30Days: 0,
        testOrders30Days: 1,
      });
      expect(sold.payments).toEqual({
        provider: 'sandbox',
        configured: true,
        sandboxInProduction: false,
        testMode: true,
      });
      await vi.waitFor(async () => {
        const mails = await listOutbox(db, TEST_ADMIN.email);
        expect(mails.length).toBe(mailsBefore + 1);
        expect(mails.at(-1)!.subject).toMatch(/purchase/i);
      });
      // An order that moved real money counts as revenue.
      await db.updateTable('orders').set({ test_mode: 0 }).where('user_id', '=', b.id).execute();
      const real = await adminOverview({
        db,
        queue: () => ({ running: 0, concurrency: 1, waiting: 0, capacity: 16 }),
        queueHealth: () => ({ status: 'ok' }),
        engineHealth: () => ({ status: 'ok' }),
        payments: () => get().app.payments.status(),
        botCheck: async () => false,
      });
      expect(real.sales).toEqual({
        creditsSold30Days: 100,
        revenue30Days: { amount: 20.62, currency: 'USD' },
        liveOrders30Days: 1,
        testOrders30Days: 0,
      });
      expect(sold.queue).toMatchObject({ running: 1, workers: 2, waiting: 3, capacity: 16 });
    });

    it('stores the toggles per admin (spec defaults: notifications on, security alerts off)', async () => {
      const { app } = get();
      const cookie = await adminCookie(app);
      const prefs = () => app.inject({ url: adminApiPaths.preferences, headers: { cookie } });
      expect((await prefs()).json()).toEqual({ notifications: true, securityAlerts: false });
      const put = await app.inject({
        method: 'PUT',
        url: adminApiPaths.preferences,
        headers: { cookie },
        payload: { securityAlerts: true },
      });
      expect(put.json()).toEqual({ notifications: true, securityAlerts: true });
      expect((await prefs()).json()).toEqual({ notifications: true, securityAlerts: true });
      const bad = await app.inject({
        method: 'PUT',
        url: adminApiPaths.preferences,
        headers: { cookie },
        payload: { notifications: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('security alerts: an admin sign-in from a new address mails admins who want it, a known one does not', async () => {
      const { app } = get();
      const db = app.database.db;
      // Alerts were turned on in the previous test.
      const count = async () => (await listOutbox(db, TEST_ADMIN.email)).length;
      const signInFrom = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
          remoteAddress: ip,
        });
      // Signed in before counting: every test sign-in comes from a new random address. Mail is
      // handed over in the background: counted once the mailer has nothing left to hand over.
      const cookie = await adminCookie(app);
      await app.mailer.idle();
      const start = await count();
      expect((await signInFrom('192.0.2.77')).statusCode).toBe(200);
      await app.mailer.idle();
      expect(await count()).toBe(start + 1);
      const mail = (await listOutbox(db, TEST_ADMIN.email)).at(-1)!;
      expect(mail.subject).toBe('[Cutout security] Admin sign-in from a new address');
      expect(mail.text).toContain('192.0.2.77');
      expect((await signInFrom('192.0.2.77')).statusCode).toBe(200);
      await app.mailer.idle();
      expect(await count()).toBe(start + 1);
      const log = await app.inject({
        url: `${adminApiPaths.auditLog}?action=${auditActions.adminSignIn}`,
        headers: { cookie },
      });
      const fromThere = log
        .json()
        .entries.filter((e: { ip: string }) => e.ip === '192.0.2.77')
        .map((e: { detail: { newAddress: boolean } }) => e.detail.newAddress);
      expect(fromThere).toEqual([false, true]);
      // A user's sign-in is not an admin sign-in.
      const user = await signUp(app);
      expect((await signIn(app, user.email, user.password)).statusCode).toBe(200);
      await app.mailer.idle();
      expect(await count()).toBe(start + 1);
    });

    it('notifyAdmins mails every active admin whose notifications are on; lockouts mail security alerts', async () => {
      const { app } = get();
      const db = app.database.db;
      const sent: { to: string; subject: string; text: string }[] = [];
      const mailer: Pick<Mailer, 'enqueue'> = {
        enqueue: (m) => {
          if (m instanceof Promise) throw new Error('admin alerts hand over finished messages');
          sent.push(m);
        },
      };
      const deps = { db, mailer, publicUrl: () => 'http://127.0.0.1:3000' };
      const second = await signUp(app);
      await sql`update users set role = 'admin' where id = ${second.id}`.execute(db);
      const n = await notifyAdmins(deps, 'purchase', {
        Order: 'o-1',
        Credits: 100,
        Amount: '$20.62',
      });
      expect(n).toBe(2);
      expect(sent.map((m) => m.to).sort()).toEqual([TEST_ADMIN.email, second.email].sort());
      expect(sent[0]!.subject).toBe('[Cutout] New purchase');
      expect(sent[0]!.text).toContain('Credits: 100');

      // The second admin turns notifications off; refunds and failed webhooks reach only the first.
      const cookie = (await signIn(app, second.email, second.password)).headers['set-cookie'];
      const secondCookie = [cookie]
        .flat()
        .map((c) => String(c).split(';')[0])
        .join('; ');
      await app.inject({
        method: 'PUT',
        url: adminApiPaths.preferences,
        headers: { cookie: secondCookie },
        payload: { notifications: false },
      });
      sent.length = 0;
      expect(await notifyAdmins(deps, 'refund', { Order: 'o-1' })).toBe(1);
      expect(await notifyAdmins(deps, 'webhook_failed', { Event: 'order_created' })).toBe(1);
      expect(sent.map((m) => [m.to, m.subject])).toEqual([
        [TEST_ADMIN.email, '[Cutout] Refund issued'],
        [TEST_ADMIN.email, '[Cutout] Payment webhooks failed'],
      ]);

      // Lockout: only admins with security alerts on (the first, since the previous test).
      sent.length = 0;
      await accountLockedOut(deps, 'victim@example.com');
      expect(sent.map((m) => [m.to, m.subject])).toEqual([
        [TEST_ADMIN.email, '[Cutout security] Account lockout'],
      ]);
      expect(sent[0]!.text).toContain('victim@example.com');
    });
  },
  { env: { PAYMENTS_SANDBOX_SECRET: TEST_SANDBOX_SECRET } },
);

describe('sign-in throttle lockout report', () => {
  it('reports an account reaching the ceiling once per window', async () => {
    let now = 0;
    const reported: string[] = [];
    const throttle = new SignInThrottle({
      freeFailures: 5,
      baseDelayMs: 30_000,
      maxDelayMs: 900_000,
      forgetAfterMs: 3_600_000,
      accountCeiling: 3,
      accountWindowMs: 900_000,
      knownAddressMs: 86_400_000,
      now: () => now,
      onAccountUnderAttack: (email) => reported.push(email),
    });
    await throttle.recordFailure('Victim@Example.com', '10.0.0.1');
    await throttle.recordFailure('victim@example.com', '10.0.0.2');
    expect(reported).toEqual([]);
    await throttle.recordFailure('victim@example.com', '10.0.0.3');
    await throttle.recordFailure('victim@example.com', '10.0.0.4');
    expect(reported).toEqual(['victim@example.com']);
    now += 900_001;
    for (const ip of ['10.0.0.5', '10.0.0.6', '10.0.0.7'])
      await throttle.recordFailure('victim@example.com', ip);
    expect(reported).toEqual(['victim@example.com', 'victim@example.com']);
  });
});
