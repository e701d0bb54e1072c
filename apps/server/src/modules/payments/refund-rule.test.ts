import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  auditActions,
  creditsRemovedBy,
  paymentTexts,
  refundableCents,
  refundRuleTexts,
  unspentShareCents,
  type RefundState,
} from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import { adminCookie, onBothDialects, signUp, TEST_ADMIN } from '../../test/accounts.js';
import { deliver, orderEventBody } from '../../test/payments.js';
import { findBalance } from '../credits/credits.repository.js';
import { spendCredit } from '../credits/credits.service.js';

// The one refund rule (issue 36, docs/decisions/0263) through every path: the buyer's request
// and the admin's approval, the admin's refund dialog (partial and goodwill), and refunds Lemon
// Squeezy made on its own — live orders, so the admin's revenue counts them — against a local
// stand-in of the Lemon Squeezy API that records every refund asked, on SQLite and PostgreSQL.

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

let server: Server;
let apiUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method!, url: req.url!, body: text ? JSON.parse(text) : null });
      res.writeHead(req.url === '/v1/checkouts' ? 201 : 200, {
        'content-type': 'application/vnd.api+json',
      });
      res.end(
        JSON.stringify(
          req.url === '/v1/checkouts'
            ? {
                data: {
                  type: 'checkouts',
                  id: `chk_${randomUUID()}`,
                  attributes: { url: 'https://cutout.lemonsqueezy.com/checkout/custom/1' },
                },
              }
            : { data: { type: 'orders', id: req.url!.split('/')[3], attributes: {} } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The refunds Cutout asked Lemon Squeezy for since `from`: the amount, or 'rest' (full). */
const refundsAsked = (from = 0) =>
  seen
    .slice(from)
    .filter((r) => /^\/v1\/orders\/\d+\/refund$/.test(r.url))
    .map(
      (r) =>
        (r.body as { data: { attributes?: { amount: number } } }).data.attributes?.amount ?? 'rest',
    );

describe('the rule', () => {
  const pack: RefundState = {
    totalCents: 515,
    credits: 10,
    refundedCents: 0,
    refundedCredits: 0,
    unspentCredits: 10,
  };

  it('prices the unused credits rounded down, and removes credits rounded up, never more than unused', () => {
    expect(refundableCents({ ...pack, unspentCredits: 1 })).toBe(51);
    expect(refundableCents({ ...pack, unspentCredits: 7 })).toBe(360); // 360.5
    expect(refundableCents({ ...pack, unspentCredits: 0 })).toBe(0);
    expect(creditsRemovedBy(pack, 514)).toBe(10);
    expect(creditsRemovedBy(pack, 51)).toBe(1);
    expect(creditsRemovedBy(pack, 1)).toBe(1);
    expect(creditsRemovedBy({ ...pack, unspentCredits: 3 }, 515)).toBe(3);
    // 100 credits for 20.62, 5 used: 10.00 refunded removes ceil(48.5) = 49; then the unused
    // share left is floor(20.62 × 95 / 100) − 10.00 = 9.58, which removes the other 46.
    const hundred: RefundState = {
      totalCents: 2062,
      credits: 100,
      refundedCents: 0,
      refundedCredits: 0,
      unspentCredits: 95,
    };
    expect(creditsRemovedBy(hundred, 1000)).toBe(49);
    const after = { ...hundred, refundedCents: 1000, refundedCredits: 49, unspentCredits: 46 };
    expect(unspentShareCents(after)).toBe(1958);
    expect(refundableCents(after)).toBe(958);
    expect(creditsRemovedBy(after, 1958)).toBe(46);
  });
});

onBothDialects(
  'the one refund rule',
  (get) => {
    const secret = 'whsec-refund-rule';
    let admin: string;
    let orderSeq = Date.now();
    beforeAll(async () => {
      admin = await adminCookie(get().app);
    });

    /** A live order of `planId` bought through the API and Lemon Squeezy's signed webhook. */
    const buy = async (planId: 'credits-10' | 'credits-100') => {
      const { app } = get();
      const user = await signUp(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkouts',
        headers: { cookie: user.cookie },
        payload: { planId },
      });
      expect(res.statusCode).toBe(201);
      const providerOrderId = String((orderSeq += 1));
      const base = {
        orderId: providerOrderId,
        userId: user.id,
        variantId: planId === 'credits-10' ? '101' : '102',
        checkoutId: res.json().id as string,
        testMode: false,
        total: planId === 'credits-10' ? 515 : 2062,
        email: user.email,
      };
      const created = await deliver(app, orderEventBody('order_created', base), {
        provider: 'lemonsqueezy',
        secret,
      });
      const order = await app.database.db
        .selectFrom('orders')
        .selectAll()
        .where('provider_order_id', '=', providerOrderId)
        .executeTakeFirstOrThrow();
      expect(created.json().outcome, order.review_reason ?? '').toBe('credited');
      /** Lemon Squeezy's order_refunded with `refunded` cents refunded so far. */
      const refunded = (cents: number, full = false) =>
        deliver(
          app,
          orderEventBody('order_refunded', {
            ...base,
            status: full ? 'refunded' : 'paid',
            refunded: full,
            refundedAmount: cents,
          }),
          { provider: 'lemonsqueezy', secret },
        );
      return { user, order, refunded };
    };

    const orderRow = (id: string) =>
      get()
        .app.database.db.selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const balance = (userId: string) => findBalance(get().app.database.db, userId);
    const spend = async (userId: string, n: number) => {
      for (let i = 0; i < n; i++)
        await spendCredit(get().app.database.db, userId, `job-${randomUUID()}`);
    };
    const revenue = async () =>
      (
        await get().app.inject({
          url: '/api/admin/subscriptions/stats?days=30',
          headers: { cookie: admin },
        })
      ).json().totals.revenueCents as number;
    const overviewRevenue = async () =>
      (await get().app.inject({ url: '/api/admin/overview', headers: { cookie: admin } })).json()
        .sales.revenue30Days.amount as number;
    const detail = async (orderId: string) =>
      (
        await get().app.inject({
          url: `/api/admin/subscriptions/${orderId}`,
          headers: { cookie: admin },
        })
      ).json();
    const askRefund = async (cookie: string, orderId: string) => {
      const res = await get().app.inject({
        method: 'POST',
        url: `/api/me/orders/${orderId}/refund-request`,
        headers: { cookie },
        payload: { reason: 'Bought the wrong pack' },
      });
      expect(res.statusCode).toBe(201);
      return res.json().refundRequest as { id: string; credits: number; amountCents: number };
    };
    const approve = (requestId: string, amountCents?: number) =>
      get().app.inject({
        method: 'POST',
        url: `/api/admin/refund-requests/${requestId}/approve`,
        headers: { cookie: admin },
        payload: amountCents === undefined ? {} : { amountCents },
      });
    const adminRefund = (orderId: string, body: Record<string, unknown>) =>
      get().app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${orderId}/cancel`,
        headers: { cookie: admin },
        payload: body,
      });

    it('buy 10, request, use 9, approve: 51¢ of 515¢ asked and refunded, 1 credit removed', async () => {
      const { app } = get();
      const { user, order, refunded } = await buy('credits-10');
      const before = await revenue();
      // The request records what was unused when asked.
      const request = await askRefund(user.cookie, order.id);
      expect(request).toMatchObject({ credits: 10, amountCents: 515 });
      await spend(user.id, 9);
      expect(await balance(user.id)).toBe(11);

      // The confirmation shows what approving refunds now, how, and the images since.
      const shown = await detail(order.id);
      expect(shown.refundQuote).toEqual({
        requestId: request.id,
        amountCents: 51,
        currency: 'USD',
        unspentCredits: 1,
        imagesSinceRequest: 9,
        computation: '5.15 USD × 1 unused ÷ 10 credits = 0.51 USD, rounded down: 0.51 USD.',
      });
      // An approval of the amount of when it was asked is refused: it is no longer true.
      const from = seen.length;
      const stale = await approve(request.id, 515);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(refundRuleTexts.amountChanged('0.51 USD'));
      expect(refundsAsked(from)).toEqual([]);

      const approved = await approve(request.id, 51);
      expect(approved.statusCode).toBe(202);
      expect(approved.json()).toMatchObject({ status: 'approved' });
      expect(refundsAsked(from)).toEqual([51]);

      // Lemon Squeezy confirms the 51¢: 1 credit goes (ceil(10 × 51 / 515) = 1).
      expect((await refunded(51)).json().outcome).toBe('partially_refunded');
      expect(await orderRow(order.id)).toMatchObject({
        status: 'partially_refunded',
        refunded_cents: 51,
        refunded_credits: 1,
      });
      expect(await balance(user.id)).toBe(10);
      expect(await revenue()).toBe(before - 51);
      // The buyer's order: partially refunded, its request approved, nothing more to ask.
      const mine = (await app.inject({ url: '/api/me/orders', headers: { cookie: user.cookie } }))
        .json()
        .orders.find((o: { id: string }) => o.id === order.id);
      expect(mine).toMatchObject({
        status: 'partially_refunded',
        refundable: null,
        refundRequest: { status: 'approved' },
      });
      const audit = (
        await app.inject({
          url: `/api/admin/audit-log?action=${auditActions.refundApprove}`,
          headers: { cookie: admin },
        })
      )
        .json()
        .entries.find((e: { detail: { request?: string } }) => e.detail.request === request.id);
      expect(audit.detail).toMatchObject({
        amount: '0.51 USD',
        askedFor: '5.15 USD',
        unusedWhenAsked: 10,
        unusedNow: 1,
        imagesSinceRequest: 9,
      });
    });

    it('a pack used up after the request cannot be refunded: the request closes and the buyer is told', async () => {
      const { app } = get();
      const { user, order } = await buy('credits-10');
      const request = await askRefund(user.cookie, order.id);
      await spend(user.id, 10);
      expect((await detail(order.id)).refundQuote).toMatchObject({
        amountCents: 0,
        unspentCredits: 0,
      });
      const from = seen.length;
      const closed = await approve(request.id, 0);
      expect(closed.statusCode).toBe(202);
      expect(closed.json()).toMatchObject({
        status: 'declined',
        declineReason: refundRuleTexts.allUsed,
      });
      expect(refundsAsked(from)).toEqual([]);
      expect(await orderRow(order.id)).toMatchObject({ status: 'paid', refunded_cents: 0 });
      await vi.waitFor(async () => {
        const mail = (await listOutbox(app.database.db, user.email)).find((m) =>
          m.subject.includes('refund request'),
        );
        expect(mail?.text).toContain('is closed');
        expect(mail?.text).toContain(refundRuleTexts.allUsed);
      });
      expect((await approve(request.id)).statusCode).toBe(409);
    });

    it('a refund that leaves nothing to refund closes the open request, and the buyer is told', async () => {
      const { app } = get();
      const { user, order, refunded } = await buy('credits-10');
      const request = await askRefund(user.cookie, order.id);
      // The admin refunds the order from its dialog instead: the unused share, all of it.
      const from = seen.length;
      expect((await adminRefund(order.id, {})).statusCode).toBe(202);
      expect(refundsAsked(from)).toEqual(['rest']);
      expect((await refunded(515, true)).json().outcome).toBe('refunded');
      const mine = (await app.inject({ url: '/api/me/orders', headers: { cookie: user.cookie } }))
        .json()
        .orders.find((o: { id: string }) => o.id === order.id);
      expect(mine).toMatchObject({
        status: 'refunded',
        refundRequest: {
          id: request.id,
          status: 'declined',
          declineReason: refundRuleTexts.refundedMeanwhile,
        },
      });
      await vi.waitFor(async () => {
        const mail = (await listOutbox(app.database.db, user.email)).find((m) =>
          m.subject.includes('refund request'),
        );
        expect(mail?.text).toContain(refundRuleTexts.refundedMeanwhile);
      });
      expect((await approve(request.id)).statusCode).toBe(409);
    });

    it('a provider refund above the order total is held for review, nothing applied, admins told, revenue unchanged', async () => {
      const { app } = get();
      const { user, order, refunded } = await buy('credits-10');
      const before = await revenue();
      const overviewBefore = await overviewRevenue();
      const held = await refunded(100000, true);
      expect(held.json().outcome).toBe('held');
      const reason = refundRuleTexts.heldAboveTotal('1000.00 USD', '5.15 USD');
      expect(await orderRow(order.id)).toMatchObject({
        status: 'needs_review',
        refunded_cents: 0,
        refunded_credits: 0,
        review_reason: reason,
      });
      expect(await balance(user.id)).toBe(20);
      expect(await revenue()).toBe(before);
      expect(await overviewRevenue()).toBe(overviewBefore);
      expect(overviewBefore).toBeGreaterThan(0);
      expect((await refunded(100000, true)).json().outcome).toBe('duplicate');
      await vi.waitFor(async () => {
        const mail = (await listOutbox(app.database.db, TEST_ADMIN.email)).find(
          (m) =>
            m.subject.includes('An order needs review') && m.text.includes(order.receipt_number),
        );
        expect(mail?.text).toContain('more than it cost');
      });
      // Credit cannot grant the pack a second time; the admin refunds it at most in full.
      const shown = await detail(order.id);
      expect(shown).toMatchObject({ creditable: false, refundableCents: 515, goodwillCents: 515 });
      const credit = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${order.id}/credit`,
        headers: { cookie: admin },
        payload: { reason: 'checked' },
      });
      expect(credit.statusCode).toBe(409);
      expect(credit.json().error.message).toBe(paymentTexts.notHeld);
      const from = seen.length;
      expect((await adminRefund(order.id, {})).statusCode).toBe(202);
      expect(refundsAsked(from)).toEqual(['rest']);
      expect((await refunded(515, true)).json().outcome).toBe('refunded');
      expect(await orderRow(order.id)).toMatchObject({
        status: 'refunded',
        refunded_cents: 515,
        refunded_credits: 10,
      });
      expect(await revenue()).toBe(before - 515);
      expect(await balance(user.id)).toBe(10);
      // A refund stored above its order before this rule (as main stored 100000¢) counts as the
      // whole order refunded, never as negative revenue.
      await app.database.db
        .updateTable('orders')
        .set({ refunded_cents: 100000 })
        .where('id', '=', order.id)
        .execute();
      expect(await revenue()).toBe(before - 515);
      expect(await overviewRevenue()).toBe(overviewBefore - 5.15);
    });

    it('credits removed round up: 51¢ removes 1 of 10, 514¢ removes all 10', async () => {
      const { user, order, refunded } = await buy('credits-10');
      expect((await refunded(51)).json().outcome).toBe('partially_refunded');
      expect((await orderRow(order.id)).refunded_credits).toBe(1);
      expect((await refunded(514)).json().outcome).toBe('partially_refunded');
      expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 514, refunded_credits: 10 });
      expect(await balance(user.id)).toBe(10);
    });

    it('a $10.00 partial refund re-prices the open request: in all at most the unused share', async () => {
      const { app } = get();
      const { user, order, refunded } = await buy('credits-100');
      await spend(user.id, 5);
      const request = await askRefund(user.cookie, order.id);
      // floor(20.62 × 95 / 100) = 19.58.
      expect(request).toMatchObject({ credits: 95, amountCents: 1958 });
      const shown = await detail(order.id);
      expect(shown).toMatchObject({ refundableCents: 1958, goodwillCents: 2062 });
      expect(shown.refundState).toEqual({
        totalCents: 2062,
        credits: 100,
        refundedCents: 0,
        refundedCredits: 0,
        unspentCredits: 95,
      });

      // More than the unused share is refused unless it is a goodwill refund.
      const tooMuch = await adminRefund(order.id, { amountCents: 2000 });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().error.message).toBe(refundRuleTexts.aboveUnspent('19.58', '20.62'));

      const from = seen.length;
      expect((await adminRefund(order.id, { amountCents: 1000 })).statusCode).toBe(202);
      expect(refundsAsked(from)).toEqual([1000]);
      expect((await refunded(1000)).json().outcome).toBe('partially_refunded');
      // ceil(100 × 1000 / 2062) = 49 credits go.
      expect(await orderRow(order.id)).toMatchObject({
        refunded_cents: 1000,
        refunded_credits: 49,
      });

      // The open request is re-priced: 19.58 − 10.00 = 9.58, not its 19.58 nor 'the rest'.
      const requote = (await detail(order.id)).refundQuote;
      expect(requote).toMatchObject({
        amountCents: 958,
        unspentCredits: 46,
        imagesSinceRequest: 0,
      });
      expect(requote.computation).toBe(
        '20.62 USD × 95 unused ÷ 100 credits = 19.58 USD, rounded down, less 10.00 USD already refunded: 9.58 USD.',
      );
      const mine = (await app.inject({ url: '/api/me/orders', headers: { cookie: user.cookie } }))
        .json()
        .orders.find((o: { id: string }) => o.id === order.id);
      expect(mine).toMatchObject({
        status: 'partially_refunded',
        refundRequest: { status: 'requested' },
      });

      const approveFrom = seen.length;
      expect((await approve(request.id, 958)).statusCode).toBe(202);
      expect(refundsAsked(approveFrom)).toEqual([958]);
      expect((await refunded(1958)).json().outcome).toBe('partially_refunded');
      expect(await orderRow(order.id)).toMatchObject({
        refunded_cents: 1958,
        refunded_credits: 95,
      });
      expect(await balance(user.id)).toBe(10);

      // Nothing unused is left: only a goodwill refund gives more, and it is labelled.
      const none = await adminRefund(order.id, {});
      expect(none.statusCode).toBe(409);
      expect(none.json().error.message).toBe(refundRuleTexts.nothingUnspent);
      const goodwillFrom = seen.length;
      expect((await adminRefund(order.id, { goodwill: true })).statusCode).toBe(202);
      expect(refundsAsked(goodwillFrom)).toEqual(['rest']);
      const refundAudits = await app.database.db
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', auditActions.orderRefund)
        .where('target_id', '=', order.id)
        .orderBy('created_at')
        .execute();
      expect(refundAudits.map((a) => JSON.parse(a.detail!) as Record<string, unknown>)).toEqual([
        expect.objectContaining({ refundAsked: '10.00 USD', unusedShare: '19.58 USD' }),
        expect.objectContaining({
          goodwill: true,
          refundAsked: '1.04 USD',
          unusedShare: '0.00 USD',
        }),
      ]);
      // The provider's refund of used credits is recorded as made; the admins are told.
      expect((await refunded(2062, true)).json().outcome).toBe('refunded');
      expect(await orderRow(order.id)).toMatchObject({
        refunded_cents: 2062,
        refunded_credits: 95,
      });
      expect(await balance(user.id)).toBe(10);
      await vi.waitFor(async () => {
        const mail = (await listOutbox(app.database.db, TEST_ADMIN.email)).find(
          (m) =>
            m.subject.includes('Refund issued') &&
            m.text.includes(order.receipt_number) &&
            m.text.includes("more than the unused credits' share of 19.58 USD"),
        );
        expect(mail).toBeDefined();
      });
    });
  },
  {
    get env() {
      return {
        PAYMENTS_PROVIDER: 'lemonsqueezy',
        LEMONSQUEEZY_API_KEY: 'test-api-key',
        LEMONSQUEEZY_STORE_ID: '4242',
        LEMONSQUEEZY_WEBHOOK_SECRET: 'whsec-refund-rule',
        LEMONSQUEEZY_API_URL: apiUrl,
        LEMONSQUEEZY_VARIANT_CREDITS_10: '101',
        LEMONSQUEEZY_VARIANT_CREDITS_100: '102',
      };
    },
  },
);
