import { randomUUID } from 'node:crypto';
import { checkoutTexts, paymentTexts } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { onBothDialects, signUp, adminCookie } from '../../test/accounts.js';
import { findBalance, listLedger, sumLedger, sumLots } from '../credits/credits.repository.js';
import { spendCredit } from '../credits/credits.service.js';
import { deliver, orderEventBody, TEST_SANDBOX_SECRET } from '../../test/payments.js';

// Webhooks applied exactly once, refunds, bad input and the sandbox checkout, on SQLite and
// (with TEST_DATABASE_URL) PostgreSQL. Real app, real signatures, real rows.

const env = { PAYMENTS_SANDBOX_SECRET: TEST_SANDBOX_SECRET };

onBothDialects(
  'payments webhooks',
  (get) => {
    const orderCount = async (providerOrderId: string) =>
      (
        await get()
          .app.database.db.selectFrom('orders')
          .selectAll()
          .where('provider_order_id', '=', providerOrderId)
          .execute()
      ).length;

    it('credits an order once across 100 replayed and 20 concurrent deliveries', async () => {
      const { app } = get();
      const user = await signUp(app);
      const body = orderEventBody('order_created', {
        orderId: `ord-${randomUUID()}`,
        userId: user.id,
        variantId: 'credits-100',
      });
      const concurrent = await Promise.all(Array.from({ length: 20 }, () => deliver(app, body)));
      expect(concurrent.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const outcomes = concurrent.map((r) => r.json().outcome as string);
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
      for (let i = 0; i < 100; i++) {
        const res = await deliver(app, body);
        expect(res.statusCode).toBe(200);
        expect(res.json().outcome).toBe('duplicate');
      }
      const db = app.database.db;
      expect(await findBalance(db, user.id)).toBe(110);
      expect(await sumLedger(db, user.id)).toBe(110);
      expect(await sumLots(db, user.id)).toBe(110);
      const purchases = (await listLedger(db, user.id, 200)).filter((r) => r.kind === 'purchase');
      expect(purchases).toHaveLength(1);
      expect(purchases[0]!.reason).toMatch(/^100 Credits bought \(receipt CUT-/);
      expect(await orderCount(body.data.id)).toBe(1);
      const events = await db
        .selectFrom('webhook_events')
        .select('outcome')
        .where('provider_order_id', '=', body.data.id)
        .execute();
      expect(events).toHaveLength(120);
    });

    it('handles a refund that arrives before its order: nothing is ever credited', async () => {
      const { app } = get();
      const user = await signUp(app);
      const orderId = `ord-${randomUUID()}`;
      const refund = orderEventBody('order_refunded', {
        orderId,
        userId: user.id,
        variantId: 'credits-10',
      });
      const created = orderEventBody('order_created', {
        orderId,
        userId: user.id,
        variantId: 'credits-10',
      });
      expect((await deliver(app, refund)).json().outcome).toBe('refund_before_order');
      expect((await deliver(app, created)).json().outcome).toBe('duplicate');
      expect((await deliver(app, refund)).json().outcome).toBe('duplicate');
      expect(await findBalance(app.database.db, user.id)).toBe(10);
      const order = await app.database.db
        .selectFrom('orders')
        .selectAll()
        .where('provider_order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ status: 'refunded' });
      expect(Number(order.credits)).toBe(0);
    });

    it('refunds only the unspent credits of the order, once, as a readable ledger row', async () => {
      const { app } = get();
      const user = await signUp(app);
      const db = app.database.db;
      const orderId = `ord-${randomUUID()}`;
      await deliver(
        app,
        orderEventBody('order_created', { orderId, userId: user.id, variantId: 'credits-100' }),
      );
      // Spending takes the lot that expires first: the paid one (sign-up credits never expire).
      for (let i = 0; i < 15; i++) await spendCredit(db, user.id, `job-${orderId}-${i}`);
      expect(await findBalance(db, user.id)).toBe(95);
      const refund = orderEventBody('order_refunded', {
        orderId,
        userId: user.id,
        variantId: 'credits-100',
      });
      const results = await Promise.all([deliver(app, refund), deliver(app, refund)]);
      expect(results.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'refunded']);
      expect(await findBalance(db, user.id)).toBe(10);
      expect(await sumLots(db, user.id)).toBe(10);
      const refunds = (await listLedger(db, user.id, 100)).filter((r) => r.kind === 'refund');
      expect(refunds).toHaveLength(1);
      expect(Number(refunds[0]!.amount)).toBe(-85);
      expect(refunds[0]!.reason).toMatch(/Refund of 100 Credits .*unspent credits removed/);
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('provider_order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(order.status).toBe('refunded');
      expect(Number(order.refunded_credits)).toBe(85);
    });

    it('never drives a balance below zero: a fully spent order refunds nothing', async () => {
      const { app } = get();
      const user = await signUp(app);
      const db = app.database.db;
      const orderId = `ord-${randomUUID()}`;
      await deliver(
        app,
        orderEventBody('order_created', { orderId, userId: user.id, variantId: 'credits-10' }),
      );
      for (let i = 0; i < 20; i++) await spendCredit(db, user.id, `all-${orderId}-${i}`);
      expect(await findBalance(db, user.id)).toBe(0);
      const res = await deliver(
        app,
        orderEventBody('order_refunded', { orderId, userId: user.id, variantId: 'credits-10' }),
      );
      expect(res.json().outcome).toBe('refunded');
      expect(await findBalance(db, user.id)).toBe(0);
      expect(await sumLedger(db, user.id)).toBe(0);
    });

    it('a wrong or missing signature: 401 and nothing changes but the stored event', async () => {
      const { app } = get();
      const user = await signUp(app);
      const body = orderEventBody('order_created', {
        orderId: `ord-${randomUUID()}`,
        userId: user.id,
        variantId: 'credits-1000',
      });
      const wrong = await deliver(app, body, { secret: 'not-the-secret-at-all' });
      expect(wrong.statusCode).toBe(401);
      const missing = await deliver(app, body, { signature: null });
      expect(missing.statusCode).toBe(401);
      const garbage = await deliver(app, body, { signature: 'zz' });
      expect(garbage.statusCode).toBe(401);
      const otherProvider = await deliver(app, body, { provider: 'lemonsqueezy' });
      expect(otherProvider.statusCode).toBe(401);
      expect(await findBalance(app.database.db, user.id)).toBe(10);
      expect(await orderCount(body.data.id)).toBe(0);
      const stored = await app.database.db
        .selectFrom('webhook_events')
        .selectAll()
        .where('body', '=', JSON.stringify(body))
        .execute();
      expect(stored).toHaveLength(4);
      expect(
        stored.every((e) => e.outcome === 'invalid_signature' && !Number(e.signature_valid)),
      ).toBe(true);
    });

    it('malformed JSON is 400; unknown variants, plans and users are held for review, credit no one', async () => {
      const { app } = get();
      const user = await signUp(app);
      const malformed = await deliver(app, null, { raw: '{"meta":' });
      expect(malformed.statusCode).toBe(400);
      const unknownVariant = await deliver(
        app,
        orderEventBody('order_created', {
          orderId: `ord-${randomUUID()}`,
          userId: user.id,
          variantId: 'credits-7',
        }),
      );
      // The buyer paid: the order is kept for the admin to credit or refund, never dropped.
      expect(unknownVariant.statusCode).toBe(200);
      expect(unknownVariant.json().outcome).toBe('held');
      const free = await deliver(
        app,
        orderEventBody('order_created', {
          orderId: `ord-${randomUUID()}`,
          userId: user.id,
          variantId: 'free',
        }),
      );
      expect(free.json().outcome).toBe('held');
      const nobody = await deliver(
        app,
        orderEventBody('order_created', {
          orderId: `ord-${randomUUID()}`,
          userId: 'no-such-user',
          variantId: 'credits-10',
        }),
      );
      expect(nobody.json().outcome).toBe('held');
      const unpaid = await deliver(
        app,
        orderEventBody('order_created', {
          orderId: `ord-${randomUUID()}`,
          userId: user.id,
          variantId: 'credits-10',
          status: 'pending',
        }),
      );
      expect(unpaid.json().outcome).toBe('ignored');
      const other = await deliver(app, {
        meta: { event_name: 'subscription_created' },
        data: { type: 'subscriptions', id: '1' },
      });
      expect(other.json().outcome).toBe('ignored');
      expect(await findBalance(app.database.db, user.id)).toBe(10);
      const held = await app.database.db
        .selectFrom('orders')
        .select(['status', 'review_reason', 'lot_id'])
        .where('status', '=', 'needs_review')
        .where('buyer_email', '=', 'buyer@example.com')
        .execute();
      const reasons = held.map((o) => o.review_reason ?? '');
      expect(reasons.some((r) => r.includes('variant credits-7 is not a pack on sale'))).toBe(true);
      expect(reasons.some((r) => r.includes('variant free is not a pack on sale'))).toBe(true);
      expect(reasons.some((r) => r.includes('unknown buyer no-such-user'))).toBe(true);
      expect(held.every((o) => o.lot_id === null)).toBe(true);
    });

    it('an admin lists webhook events and replays one; the replay is idempotent', async () => {
      const { app } = get();
      const user = await signUp(app);
      const cookie = await adminCookie(app);
      const orderId = `ord-${randomUUID()}`;
      await deliver(
        app,
        orderEventBody('order_created', { orderId, userId: user.id, variantId: 'credits-10' }),
      );
      const list = await app.inject({
        url: `/api/admin/webhook-events?order=${orderId}`,
        headers: { cookie },
      });
      expect(list.statusCode).toBe(200);
      const [event] = list.json().events;
      expect(event).toMatchObject({
        outcome: 'credited',
        signatureValid: true,
        eventName: 'order_created',
      });
      expect(event.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
      const replay = await app.inject({
        method: 'POST',
        url: `/api/admin/webhook-events/${event.id}/replay`,
        headers: { cookie },
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toMatchObject({ outcome: 'duplicate', replayOf: event.id });
      expect(await findBalance(app.database.db, user.id)).toBe(20);

      const orders = await app.inject({
        url: `/api/admin/orders?user_id=${user.id}`,
        headers: { cookie },
      });
      expect(orders.json()).toMatchObject({ total: 1, orders: [{ status: 'paid', credits: 10 }] });
    });
  },
  { env },
);

onBothDialects(
  'checkout',
  (get) => {
    it('refuses unknown, free, enterprise and inactive plans with a clear 4xx', async () => {
      const { app } = get();
      const user = await signUp(app);
      const buy = (planId: string) =>
        app.inject({
          method: 'POST',
          url: '/api/checkouts',
          headers: { cookie: user.cookie },
          payload: { planId },
        });
      let res = await buy('credits-7');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(paymentTexts.unknownPlan);
      res = await buy('free');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(paymentTexts.freePlan);
      res = await buy('enterprise');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(paymentTexts.enterprisePlan);
      await app.database.db
        .updateTable('plans')
        .set({ active: 0 })
        .where('id', '=', 'credits-1000')
        .execute();
      res = await buy('credits-1000');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(paymentTexts.inactivePlan);
      const plans = await app.inject({ url: '/api/plans' });
      expect(plans.json().plans.map((p: { id: string }) => p.id)).toEqual([
        'free',
        'credits-10',
        'credits-100',
        'enterprise',
      ]);
      await app.database.db
        .updateTable('plans')
        .set({ active: 1 })
        .where('id', '=', 'credits-1000')
        .execute();
    });

    it('serves the plans from the database, seeded with the spec prices', async () => {
      const { app } = get();
      const res = await app.inject({ url: '/api/plans' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ provider: 'sandbox', testMode: true });
      const byId = Object.fromEntries(body.plans.map((p: { id: string }) => [p.id, p]));
      expect(byId['credits-10']).toMatchObject({
        price: 5.15,
        credits: 10,
        pricePerCredit: 0.52,
        validity: '1 year',
      });
      expect(byId['credits-100']).toMatchObject({
        price: 20.62,
        credits: 100,
        pricePerCredit: 0.21,
        popular: true,
      });
      expect(byId['credits-1000']).toMatchObject({
        price: 30.93,
        credits: 1000,
        pricePerCredit: 0.03,
      });
      expect(byId.enterprise).toMatchObject({ credits: -1, billingType: 'enterprise' });
      // The Free card says what every new account gets (decision 0125).
      expect(byId.free).toMatchObject({ price: 0, credits: 10, billingType: 'free' });
    });
  },
  { env },
);

describe('PAYMENTS_PROVIDER=none', () => {
  onBothDialects(
    'no provider',
    (get) => {
      it("answers 503 with the buyer's text, not the operator's 'Checkout not configured'", async () => {
        const { app } = get();
        const user = await signUp(app);
        const res = await app.inject({
          method: 'POST',
          url: '/api/checkouts',
          headers: { cookie: user.cookie },
          payload: { planId: 'credits-10' },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json().error.message).toBe(checkoutTexts.unavailableTitle);
        expect(res.body).not.toContain('Checkout not configured');
        expect((await app.inject({ url: '/api/plans' })).json()).toMatchObject({
          provider: 'none',
          testMode: false,
        });
      });
    },
    { env: { PAYMENTS_PROVIDER: 'none' } },
  );
});
