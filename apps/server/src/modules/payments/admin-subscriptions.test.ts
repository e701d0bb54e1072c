import { randomUUID } from 'node:crypto';
import { adminPlanTexts, auditActions, paymentTexts } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { adminCookie, onBothDialects, signUp, TEST_ADMIN } from '../../test/accounts.js';
import { tempDir, testConfig } from '../../test/test-app.js';
import { findBalance } from '../credits/credits.repository.js';
import { spendCredit } from '../credits/credits.service.js';
import { deliver, orderEventBody, TEST_SANDBOX_SECRET } from '../../test/payments.js';
import { readUntil } from '../../test/wait.js';

// The admin's purchases (spec §7 /admin/subscriptions…, decision 0104) and pricing management
// (0105) over HTTP, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: real webhooks make the
// orders, real rows answer. The refund through the sandbox provider needs a listening server
// (its webhook comes back over HTTP), so it runs on SQLite like sandbox.test.ts.

const env = { PAYMENTS_SANDBOX_SECRET: TEST_SANDBOX_SECRET };

async function audits(app: FastifyInstance, action: string, targetId: string) {
  return app.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();
}

onBothDialects(
  'admin subscriptions',
  (get) => {
    async function buy(
      app: FastifyInstance,
      options: { email?: string; plan?: string; total?: number; testMode?: boolean } = {},
    ) {
      const user = await signUp(app, options.email ? { email: options.email } : {});
      const body = orderEventBody('order_created', {
        orderId: `ord-${randomUUID()}`,
        userId: user.id,
        variantId: options.plan ?? 'credits-100',
        email: user.email,
        ...(options.total !== undefined ? { total: options.total } : {}),
      });
      expect((await deliver(app, body)).json().outcome).toBe('credited');
      const order = await app.database.db
        .selectFrom('orders')
        .selectAll()
        .where('provider_order_id', '=', body.data.id)
        .executeTakeFirstOrThrow();
      return { user, order, body };
    }

    it('lists orders newest first with search, status, plan and mode filters and pages', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const tag = randomUUID().slice(0, 8);
      const a = await buy(app, { email: `ada-${tag}@example.com`, plan: 'credits-10', total: 515 });
      const b = await buy(app, { email: `bob-${tag}@example.com`, plan: 'credits-100' });
      const list = (query: string) =>
        app.inject({ url: `/api/admin/subscriptions?${query}`, headers: { cookie: admin } });

      const bySearch = (await list(`search=ada-${tag}`)).json();
      expect(bySearch.total).toBe(1);
      expect(bySearch.subscriptions[0]).toMatchObject({
        id: a.order.id,
        buyerEmail: a.user.email,
        userId: a.user.id,
        planId: 'credits-10',
        amountCents: 515,
        credits: 10,
        status: 'paid',
        testMode: true,
        note: null,
      });
      // By order id, and by the upper-cased e-mail (search ignores case).
      expect((await list(`search=${a.order.id}`)).json().total).toBe(1);
      expect((await list(`search=BOB-${tag.toUpperCase()}`)).json().subscriptions[0].id).toBe(
        b.order.id,
      );
      const byPlan = (await list(`search=${tag}&plan=credits-100`)).json();
      expect(byPlan.subscriptions.map((s: { id: string }) => s.id)).toEqual([b.order.id]);
      expect((await list(`search=${tag}&mode=live`)).json().total).toBe(0);
      expect((await list(`search=${tag}&mode=test`)).json().total).toBe(2);
      expect((await list(`search=${tag}&status=refunded`)).json().total).toBe(0);
      const paged = (await list(`search=${tag}&per_page=1&page=2`)).json();
      expect(paged).toMatchObject({ total: 2, page: 2, perPage: 1 });
      expect(paged.subscriptions.map((s: { id: string }) => s.id)).toEqual([a.order.id]);

      const bad = await list('status=lost');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
      // The older admin path answers from the same list.
      const old = await app.inject({
        url: `/api/admin/orders?search=${tag}`,
        headers: { cookie: admin },
      });
      expect(old.json().total).toBe(2);
    });

    it('shows one order with its buyer, lot, ledger rows and webhooks', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const { user, order, body } = await buy(app, { plan: 'credits-10', total: 515 });
      for (let i = 0; i < 3; i++)
        await spendCredit(app.database.db, user.id, `job-${order.id}-${i}`);
      // The same webhook again: stored as a duplicate, shown with its outcome.
      expect((await deliver(app, body)).json().outcome).toBe('duplicate');
      const res = await app.inject({
        url: `/api/admin/subscriptions/${order.id}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail.subscription).toMatchObject({
        id: order.id,
        receiptNumber: order.receipt_number,
      });
      expect(detail.buyer).toMatchObject({ id: user.id, email: user.email, balance: 17 });
      // Spending takes the lot that expires first: this one (sign-up credits never expire).
      expect(detail.lot).toMatchObject({
        granted: 10,
        remaining: 7,
        refunded: 0,
        usedOrExpired: 3,
        expired: false,
      });
      expect(detail.lot.expiresAt).toBe(order.lot_expires_at);
      expect(detail.ledger).toHaveLength(1);
      expect(detail.ledger[0]).toMatchObject({ kind: 'purchase', amount: 10 });
      expect(detail.webhookEvents.map((e: { outcome: string }) => e.outcome).sort()).toEqual([
        'credited',
        'duplicate',
      ]);
      // Delivered straight to the webhook here, not by the sandbox: no outgoing deliveries.
      expect(detail.deliveries).toEqual([]);
      expect(detail.refundable).toBe(true);

      const missing = await app.inject({
        url: '/api/admin/subscriptions/no-such-order',
        headers: { cookie: admin },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('That order does not exist.');
    });

    it('keeps an admin note (PUT), audited before/after; refuses a note too long', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const { order } = await buy(app);
      const put = (note: unknown) =>
        app.inject({
          method: 'PUT',
          url: `/api/admin/subscriptions/${order.id}`,
          headers: { cookie: admin },
          payload: { note },
        });
      const saved = await put('  Customer asked by e-mail  ');
      expect(saved.statusCode).toBe(200);
      expect(saved.json().note).toBe('Customer asked by e-mail');
      const tooLong = await put('x'.repeat(1001));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.message).toBe('The note must be at most 1000 characters');
      expect((await put('')).json().note).toBeNull();
      const rows = await audits(app, auditActions.orderNote, order.id);
      expect(rows).toHaveLength(2);
      const details = rows.map((r) => JSON.parse(r.detail!));
      expect(details).toContainEqual(
        expect.objectContaining({
          before: { note: null },
          after: { note: 'Customer asked by e-mail' },
          email: order.buyer_email,
        }),
      );
      expect(rows[0]!.actor_email).toBe(TEST_ADMIN.email);
    });

    it('refuses to refund an order already refunded, and audits nothing', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const user = await signUp(app);
      const orderId = `ord-${randomUUID()}`;
      await deliver(
        app,
        orderEventBody('order_refunded', { orderId, userId: user.id, variantId: 'credits-10' }),
      );
      const order = await app.database.db
        .selectFrom('orders')
        .selectAll()
        .where('provider_order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      for (const url of [
        `/api/admin/subscriptions/${order.id}/cancel`,
        `/api/admin/orders/${order.id}/refund`,
      ]) {
        const res = await app.inject({ method: 'POST', url, headers: { cookie: admin } });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(paymentTexts.notRefundable);
      }
      expect(await audits(app, auditActions.orderRefund, order.id)).toEqual([]);
    });

    it('counts revenue and orders by plan over the period; test orders earn nothing', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const stats = async (days = 30) =>
        (
          await app.inject({
            url: `/api/admin/subscriptions/stats?days=${days}`,
            headers: { cookie: admin },
          })
        ).json();
      const before = await stats();
      await buy(app, { plan: 'credits-10', total: 515 });
      await buy(app, { plan: 'credits-10', total: 515 });
      await buy(app, { plan: 'credits-1000', total: 3093 });
      // A live order (not test mode): its money is revenue.
      await app.database.db
        .updateTable('orders')
        .set({ test_mode: 0 })
        .where('plan_id', '=', 'credits-1000')
        .execute();
      const after = await stats();
      const plan = (s: typeof after, id: string) =>
        s.byPlan.find((p: { planId: string }) => p.planId === id) ?? {
          orders: 0,
          testOrders: 0,
          liveOrders: 0,
          revenueCents: 0,
          creditsSold: 0,
        };
      expect(plan(after, 'credits-10').orders - plan(before, 'credits-10').orders).toBe(2);
      expect(plan(after, 'credits-10').testOrders - plan(before, 'credits-10').testOrders).toBe(2);
      expect(plan(after, 'credits-10').revenueCents).toBe(plan(before, 'credits-10').revenueCents);
      // Test orders grant credits but sell none; the live order's credits are sold.
      expect(plan(after, 'credits-10').creditsSold).toBe(plan(before, 'credits-10').creditsSold);
      expect(
        plan(after, 'credits-1000').creditsSold - plan(before, 'credits-1000').creditsSold,
      ).toBe(1000);
      expect(plan(after, 'credits-1000').liveOrders).toBe(
        plan(before, 'credits-1000').liveOrders + 1,
      );
      expect(plan(after, 'credits-1000').revenueCents).toBe(
        plan(before, 'credits-1000').revenueCents + 3093,
      );
      expect(after.totals.orders - before.totals.orders).toBe(3);
      expect(after.totals.revenueCents - before.totals.revenueCents).toBe(3093);
      expect(after.totals.testOrders - before.totals.testOrders).toBe(2);
      expect(after.days).toBe(30);
      const tooLong = await app.inject({
        url: '/api/admin/subscriptions/stats?days=400',
        headers: { cookie: admin },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.message).toBe('The period is at most 366 days');
    });

    it('edits a plan: /api/plans and the checkout use it at once, audited before/after', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const put = (id: string, payload: unknown) =>
        app.inject({
          method: 'PUT',
          url: `/api/admin/plans/${id}`,
          headers: { cookie: admin },
          payload: payload as Record<string, unknown>,
        });
      const res = await put('credits-10', {
        name: '12 Credits',
        priceCents: 600,
        credits: 12,
        features: ['12 images', ' API access '],
        validityDays: 730,
        popular: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: 'credits-10',
        name: '12 Credits',
        price: 6,
        priceCents: 600,
        credits: 12,
        pricePerCredit: 0.5,
        features: ['12 images', 'API access'],
        validityDays: 730,
        validity: '2 years',
        popular: true,
      });
      const publicPlans = (await app.inject({ url: '/api/plans' })).json().plans as {
        id: string;
        price: number;
        credits: number;
        popular: boolean;
      }[];
      expect(publicPlans.find((p) => p.id === 'credits-10')).toMatchObject({
        price: 6,
        credits: 12,
        popular: true,
      });
      // Only one plan is popular: the one that was loses the mark.
      expect(publicPlans.filter((p) => p.popular).map((p) => p.id)).toEqual(['credits-10']);

      // The checkout charges the edited price (the sandbox's page shows what it will take).
      const user = await signUp(app);
      const checkout = await app.inject({
        method: 'POST',
        url: '/api/checkouts',
        headers: { cookie: user.cookie },
        payload: { planId: 'credits-10' },
      });
      expect(checkout.statusCode).toBe(201);
      const { id } = checkout.json();
      const row = await app.database.db
        .selectFrom('checkouts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.amount_cents)).toBe(600);
      expect(Number(row.credits)).toBe(12);

      const rows = await audits(app, auditActions.planUpdate, 'credits-10');
      expect(rows).toHaveLength(1);
      const detail = JSON.parse(rows[0]!.detail!);
      expect(detail.before).toMatchObject({ priceCents: 515, credits: 10, popular: false });
      expect(detail.after).toMatchObject({ priceCents: 600, credits: 12, popular: true });
      expect(detail.noLongerPopular).toEqual(['credits-100']);
      // Put the seeded values back for the other tests of this app.
      await put('credits-10', {
        name: '10 Credits',
        priceCents: 515,
        credits: 10,
        validityDays: 365,
        features: ['10 images', 'Full-resolution results', 'Batch processing', 'API access'],
        popular: false,
      });
      await put('credits-100', { popular: true });
    });

    it('refuses bad plan edits with a message that says what to fix, writing nothing', async () => {
      const { app } = get();
      const admin = await adminCookie(app);
      const put = (id: string, payload: Record<string, unknown>) =>
        app.inject({
          method: 'PUT',
          url: `/api/admin/plans/${id}`,
          headers: { cookie: admin },
          payload,
        });
      const cases: [string, Record<string, unknown>, number, string][] = [
        ['credits-10', { priceCents: 5.5 }, 400, adminPlanTexts.priceWhole],
        ['credits-10', { priceCents: -1 }, 400, adminPlanTexts.priceWhole],
        ['credits-10', { priceCents: 0 }, 400, adminPlanTexts.paidNeedsPrice],
        ['credits-10', { credits: 0 }, 400, adminPlanTexts.paidNeedsPrice],
        ['credits-10', { name: '   ' }, 400, adminPlanTexts.nameRequired],
        ['credits-10', { features: ['ok', ''] }, 400, adminPlanTexts.featureEmpty],
        ['credits-10', { validityDays: 0 }, 400, adminPlanTexts.validityDaysWhole],
        ['credits-10', {}, 400, adminPlanTexts.nothingToChange],
        ['free', { priceCents: 100 }, 400, adminPlanTexts.freeHasNoPrice],
        ['enterprise', { credits: 50 }, 400, adminPlanTexts.freeHasNoPrice],
        ['no-such-plan', { name: 'X' }, 404, 'That plan does not exist.'],
      ];
      for (const [id, body, status, message] of cases) {
        const res = await put(id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().error.message, JSON.stringify(body)).toBe(message);
      }
      // The last pack on sale cannot be taken off sale.
      expect((await put('credits-10', { active: false })).statusCode).toBe(200);
      expect((await put('credits-100', { active: false })).statusCode).toBe(200);
      const last = await put('credits-1000', { active: false });
      expect(last.json().error.message).toBe(adminPlanTexts.lastActivePack);
      await put('credits-10', { active: true });
      await put('credits-100', { active: true });
      const plans = (
        await app.inject({ url: '/api/admin/plans', headers: { cookie: admin } })
      ).json().plans as { id: string; priceCents: number; active: boolean }[];
      expect(plans.find((p) => p.id === 'credits-10')).toMatchObject({
        priceCents: 515,
        active: true,
      });
      expect(plans.map((p) => p.id)).toContain('enterprise');
      // Only the accepted edits were audited (two off, two back on).
      expect(await audits(app, auditActions.planUpdate, 'credits-1000')).toEqual([]);
    });
  },
  { env },
);

describe('admin refund through the sandbox provider', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('refunds the unused share through the provider: the unspent credits go, the order shows it, audited', async () => {
    const tmp = tempDir();
    const app = await buildApp(
      testConfig({ DATA_DIR: tmp.dir, ADMIN_PASSWORD: TEST_ADMIN.password }),
      {
        webApp: null,
        payments: { tickMs: 50 },
      },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    cleanups.push(
      () => tmp.remove(),
      () => app.close(),
    );
    const user = await signUp(app);
    const created = await app.inject({
      method: 'POST',
      url: '/api/checkouts',
      headers: { cookie: user.cookie },
      payload: { planId: 'credits-10' },
    });
    const path = new URL(created.json().url).pathname;
    const paid = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        card: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const admin = await adminCookie(app);
    const listed = await readUntil(
      async () =>
        (
          await app.inject({
            url: `/api/admin/subscriptions?search=${encodeURIComponent(user.email)}`,
            headers: { cookie: admin },
          })
        ).json(),
      (l) => l.total === 1,
    );
    const orderId = listed.subscriptions[0].id as string;
    await spendCredit(app.database.db, user.id, 'job-before-admin-refund');
    expect(await findBalance(app.database.db, user.id)).toBe(19);

    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${orderId}/cancel`,
      headers: { cookie: admin },
    });
    expect(refund.statusCode).toBe(202);
    const detail = await readUntil(
      async () =>
        (
          await app.inject({
            url: `/api/admin/subscriptions/${orderId}`,
            headers: { cookie: admin },
          })
        ).json(),
      (d) => d.subscription.refundedCents > 0,
    );
    // Without an amount the refund is the unused credits' share (decision 0263):
    // floor(5.15 × 9 / 10) = 4.63, which removes the 9 unspent credits.
    expect(detail.subscription).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 463,
      refundedCredits: 9,
    });
    expect(detail.lot).toMatchObject({ granted: 10, remaining: 0, refunded: 9, usedOrExpired: 1 });
    expect(detail.ledger.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['purchase', 10],
      ['refund', -9],
    ]);
    expect(
      detail.deliveries.map((d: { eventName: string; status: string }) => d.eventName),
    ).toEqual(['order_created', 'order_refunded']);
    expect(detail.webhookEvents.map((e: { outcome: string }) => e.outcome).sort()).toEqual([
      'credited',
      'partially_refunded',
    ]);
    // The used credit's 0.52 goes back only as a goodwill refund.
    expect(detail).toMatchObject({ refundable: true, refundableCents: 0, goodwillCents: 52 });
    expect(await findBalance(app.database.db, user.id)).toBe(10);
    const rows = await audits(app, auditActions.orderRefund, orderId);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.detail!)).toMatchObject({
      email: user.email,
      testMode: true,
      before: { refundRequested: false },
      after: { refundRequested: true },
    });
  });
});
