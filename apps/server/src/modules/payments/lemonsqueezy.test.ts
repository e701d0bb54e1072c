import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutTexts, integrationsApiPaths, paymentTexts } from '@cutout/contracts';
import { listOutbox } from '../../mail/outbox.repository.js';
import { adminCookie, onBothDialects, randomIp, signUp, TEST_ADMIN } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findBalance, listLedger, sumLots } from '../credits/credits.repository.js';
import { spendCredit } from '../credits/credits.service.js';
import { deliver, orderEventBody, type OrderEventOptions } from '../../test/payments.js';
import { readPdf } from '../../test/pdf.js';
import { LemonSqueezyProvider } from './providers/lemonsqueezy.js';

// The Lemon Squeezy adapter against a local HTTP server that answers as the real API does and
// checks what the adapter sends: method, path, JSON:API headers, bearer key and body.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let apiUrl: string;
const seen: Seen[] = [];
let answer: (req: Seen) => { status: number; body: unknown } = () => ({ status: 500, body: {} });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      seen.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/vnd.api+json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lemonAnswer = (req: Seen) => {
  const headersOk =
    req.headers.authorization === 'Bearer test-api-key' &&
    req.headers.accept === 'application/vnd.api+json' &&
    req.headers['content-type'] === 'application/vnd.api+json';
  if (!headersOk) return { status: 401, body: { errors: [{ detail: 'Unauthenticated.' }] } };
  if (req.method === 'POST' && req.url === '/v1/checkouts') {
    return {
      status: 201,
      body: {
        jsonapi: { version: '1.0' },
        data: {
          type: 'checkouts',
          id: 'chk_5f1',
          attributes: { url: 'https://cutout.lemonsqueezy.com/checkout/custom/5f1' },
        },
      },
    };
  }
  if (req.method === 'POST' && /^\/v1\/orders\/\d+\/refund$/.test(req.url)) {
    return {
      status: 200,
      body: {
        data: { type: 'orders', id: req.url.split('/')[3], attributes: { status: 'refunded' } },
      },
    };
  }
  return { status: 404, body: { errors: [{ detail: 'Not found' }] } };
};

/** The variants' prices as set in the stand-in store's dashboard (the seeded packs'). */
const storeVariantPrices: Record<string, number> = { '101': 515, '102': 2062 };

/** What Lemon Squeezy charges for a checkout created with `sent`: its custom price, else the variant's. */
const chargedFor = (sent: LsCheckout) =>
  sent.data.attributes.custom_price ?? storeVariantPrices[sent.data.relationships.variant.data.id]!;

describe('Lemon Squeezy adapter', () => {
  it('creates a checkout with the store, variant, prefilled buyer, custom data and redirect', async () => {
    answer = lemonAnswer;
    seen.length = 0;
    const provider = new LemonSqueezyProvider({
      apiKey: 'test-api-key',
      storeId: '4242',
      webhookSecret: 'whsec-test',
      apiUrl,
    });
    const result = await provider.createCheckout({
      checkoutId: 'our-checkout-1',
      plan: {
        id: 'credits-100',
        name: '100 Credits',
        priceCents: 2062,
        currency: 'USD',
        credits: 100,
        variantId: '777',
      },
      buyer: { userId: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' },
      redirectUrl: 'https://cutout.example/payment-success?checkout=our-checkout-1',
      discountsAllowed: false,
    });
    expect(result).toEqual({
      url: 'https://cutout.lemonsqueezy.com/checkout/custom/5f1',
      providerCheckoutId: 'chk_5f1',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/checkouts' });
    expect(seen[0]!.body).toEqual({
      data: {
        type: 'checkouts',
        attributes: {
          // The price Cutout showed and stored, charged instead of the variant's own.
          custom_price: 2062,
          checkout_data: {
            email: 'ada@example.com',
            name: 'Ada Lovelace',
            custom: {
              user_id: 'user-1',
              plan_id: 'credits-100',
              credits: '100',
              checkout_id: 'our-checkout-1',
            },
          },
          // Only the plan's variant, and no discount codes unless the admin allows them.
          product_options: {
            redirect_url: 'https://cutout.example/payment-success?checkout=our-checkout-1',
            enabled_variants: [777],
          },
          checkout_options: { discount: false },
        },
        relationships: {
          store: { data: { type: 'stores', id: '4242' } },
          variant: { data: { type: 'variants', id: '777' } },
        },
      },
    });
  });

  it('fails on an API error or an answer without a valid URL', async () => {
    const provider = new LemonSqueezyProvider({
      apiKey: 'wrong-key',
      storeId: '4242',
      webhookSecret: 'whsec-test',
      apiUrl,
    });
    answer = lemonAnswer;
    const request = {
      checkoutId: 'c',
      plan: {
        id: 'credits-10',
        name: '10 Credits',
        priceCents: 515,
        currency: 'USD',
        credits: 10,
        variantId: '1',
      },
      buyer: { userId: 'u', email: 'a@example.com', name: 'A' },
      redirectUrl: 'https://cutout.example/payment-success',
      discountsAllowed: false,
    };
    await expect(provider.createCheckout(request)).rejects.toThrow(/answered 401/);
    answer = () => ({
      status: 201,
      body: { data: { attributes: { url: 'javascript:alert(1)' } } },
    });
    const good = new LemonSqueezyProvider({
      apiKey: 'test-api-key',
      storeId: '4242',
      webhookSecret: 'x',
      apiUrl,
    });
    await expect(good.createCheckout(request)).rejects.toThrow('Invalid checkout URL generated');
  });

  it('asks for a full refund, or a partial one with its amount, at POST /v1/orders/{id}/refund', async () => {
    answer = lemonAnswer;
    seen.length = 0;
    const provider = new LemonSqueezyProvider({
      apiKey: 'test-api-key',
      storeId: '4242',
      webhookSecret: 'x',
      apiUrl,
    });
    await provider.refund('98765');
    await provider.refund('98765', 500);
    expect(seen.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/v1/orders/98765/refund', { data: { type: 'orders', id: '98765' } }],
      [
        'POST',
        '/v1/orders/98765/refund',
        { data: { type: 'orders', id: '98765', attributes: { amount: 500 } } },
      ],
    ]);
  });
});

// The configured store end to end: checkouts restricted to the plan's variant, orders checked
// against their checkout, discounts, test mode and partial refunds — each with Lemon
// Squeezy-shaped webhook payloads, on SQLite and PostgreSQL.
onBothDialects(
  'Lemon Squeezy configured',
  (get) => {
    const secret = 'whsec-lemon-test';
    const lsDeliver = (body: unknown) =>
      deliver(get().app, body, { provider: 'lemonsqueezy', secret });
    let admin: string;
    let orderSeq = Date.now();
    const nextOrderId = () => String((orderSeq += 1));

    beforeAll(async () => {
      admin = await adminCookie(get().app);
    });

    const setIntegrations = async (payload: Record<string, unknown>) => {
      const res = await get().app.inject({
        method: 'PUT',
        url: integrationsApiPaths.settings,
        headers: { cookie: admin },
        payload,
      });
      expect(res.statusCode).toBe(200);
      // The provider adapter reads the settings at use time: wait out nothing, the save reloads.
    };

    /** Signs up, checks out the 100 pack through the API, and returns the ids a webhook needs. */
    const checkoutFor = async (planId = 'credits-100') => {
      const { app } = get();
      answer = lemonAnswer;
      seen.length = 0;
      const user = await signUp(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkouts',
        headers: { cookie: user.cookie },
        payload: { planId },
        // A fresh address each time: the checkout limit per address is not under test here.
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(201);
      return { user, checkoutId: res.json().id as string, sent: seen[0]!.body as LsCheckout };
    };

    const orderOf = (providerOrderId: string) =>
      get()
        .app.database.db.selectFrom('orders')
        .selectAll()
        .where('provider_order_id', '=', providerOrderId)
        .executeTakeFirstOrThrow();

    it('checks out only the plan variant without discount codes, and credits the order that matches', async () => {
      const { app } = get();
      const { user, checkoutId, sent } = await checkoutFor();
      expect(sent.data.relationships.variant.data.id).toBe('102');
      expect(sent.data.attributes.product_options.enabled_variants).toEqual([102]);
      expect(sent.data.attributes.checkout_options).toEqual({ discount: false });

      // No variant configured for the 1000 pack: 503, told to the buyer as unavailable (the
      // operator's 'Checkout not configured' goes to the log).
      const missing = await app.inject({
        method: 'POST',
        url: '/api/checkouts',
        headers: { cookie: user.cookie },
        payload: { planId: 'credits-1000' },
      });
      expect(missing.statusCode).toBe(503);
      expect(missing.json().error.message).toBe(checkoutTexts.unavailableTitle);

      const body = orderEventBody('order_created', {
        orderId: nextOrderId(),
        userId: user.id,
        variantId: '102',
        checkoutId,
        testMode: false,
      });
      const wrong = await deliver(app, body, { provider: 'lemonsqueezy', secret: 'whsec-sandbox' });
      expect(wrong.statusCode).toBe(401);
      const ok = await lsDeliver(body);
      expect(ok.json().outcome).toBe('credited');
      expect(await findBalance(app.database.db, user.id)).toBe(110);
      // The sandbox's endpoint is closed while Lemon Squeezy sells; an unknown one is a 404.
      expect((await deliver(app, body)).statusCode).toBe(401);
      expect((await deliver(app, body, { provider: 'stripe' })).statusCode).toBe(404);
      expect(
        (await app.inject({ url: `/api/payments/sandbox/checkouts/${randomUUID()}` })).statusCode,
      ).toBe(404);

      const status = await app.inject({
        url: `/api/checkouts/${checkoutId}`,
        headers: { cookie: user.cookie },
      });
      expect(status.json()).toMatchObject({ state: 'paid', credits: 100, balance: 110 });
    });

    it('a price changed in Admin → Pricing reaches the checkout: Lemon Squeezy charges it and the order is credited', async () => {
      const { app } = get();
      const editPlan = (payload: Record<string, unknown>) =>
        app.inject({
          method: 'PUT',
          url: '/api/admin/plans/credits-10',
          headers: { cookie: admin },
          payload,
        });
      // The store's dashboard still says 5.15 for the 10-pack's variant.
      expect((await editPlan({ priceCents: 600 })).statusCode).toBe(200);
      try {
        const { user, checkoutId, sent } = await checkoutFor('credits-10');
        expect(sent.data.attributes.custom_price).toBe(600);
        const charged = chargedFor(sent);
        expect(charged).toBe(600);
        const orderId = nextOrderId();
        const res = await lsDeliver(
          orderEventBody('order_created', {
            orderId,
            userId: user.id,
            variantId: '101',
            checkoutId,
            testMode: false,
            total: charged,
          }),
        );
        expect(res.json().outcome).toBe('credited');
        expect(await orderOf(orderId)).toMatchObject({
          status: 'paid',
          amount_cents: 600,
          expected_cents: 600,
          credits: 10,
          review_reason: null,
        });
        expect(await findBalance(app.database.db, user.id)).toBe(20);
        const status = await app.inject({
          url: `/api/checkouts/${checkoutId}`,
          headers: { cookie: user.cookie },
        });
        expect(status.json()).toMatchObject({ state: 'paid', amountCents: 600, balance: 20 });
      } finally {
        expect((await editPlan({ priceCents: 515 })).statusCode).toBe(200);
      }
    });

    it('holds orders whose amount, variant, quantity or currency differ from the checkout', async () => {
      const { app } = get();
      const cases: [string, Partial<OrderEventOptions>, RegExp][] = [
        ['amount', { total: -999999 }, /total -9999\.99 USD .* instead of 20\.62 USD/],
        ['amount', { total: 100, subtotal: 2062 }, /total 1\.00 USD/],
        ['variant', { variantId: '101' }, /variant 101 instead of 102/],
        ['quantity', { quantity: 3 }, /quantity 3 instead of 1/],
        ['currency', { currency: 'EUR' }, /currency EUR instead of USD/],
      ];
      for (const [, change, reason] of cases) {
        const { user, checkoutId } = await checkoutFor();
        const orderId = nextOrderId();
        const res = await lsDeliver(
          orderEventBody('order_created', {
            orderId,
            userId: user.id,
            variantId: '102',
            checkoutId,
            testMode: false,
            ...change,
          }),
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().outcome).toBe('held');
        const order = await orderOf(orderId);
        expect(order).toMatchObject({ status: 'needs_review', lot_id: null, paid_at: null });
        expect(order.review_reason).toMatch(reason);
        expect(await findBalance(app.database.db, user.id)).toBe(10);
      }
      // The admin sees them and credits one (with a reason) or refunds another.
      const list = await app.inject({
        url: '/api/admin/subscriptions?status=needs_review&per_page=100',
        headers: { cookie: admin },
      });
      expect(list.json().total).toBeGreaterThanOrEqual(cases.length);
      const [first, second] = list.json().subscriptions as { id: string; userId: string }[];
      const credit = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${first!.id}/credit`,
        headers: { cookie: admin },
        payload: { reason: 'Checked with the buyer: paid in full by bank transfer' },
      });
      expect(credit.statusCode).toBe(200);
      expect(credit.json()).toMatchObject({ status: 'paid', credits: 100 });
      expect(await findBalance(app.database.db, first!.userId)).toBe(110);
      const again = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${first!.id}/credit`,
        headers: { cookie: admin },
        payload: { reason: 'twice' },
      });
      expect(again.statusCode).toBe(409);
      seen.length = 0;
      const refund = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${second!.id}/cancel`,
        headers: { cookie: admin },
      });
      expect(refund.statusCode).toBe(202);
      expect(seen[0]?.url).toMatch(/^\/v1\/orders\/\d+\/refund$/);
    });

    it('a price edited after checkout: the order at the checkout price gets the checkout credits', async () => {
      const { app } = get();
      const { user, checkoutId } = await checkoutFor();
      const editPlan = (payload: Record<string, unknown>) =>
        app.inject({
          method: 'PUT',
          url: '/api/admin/plans/credits-100',
          headers: { cookie: admin },
          payload,
        });
      expect((await editPlan({ priceCents: 3000, credits: 120 })).statusCode).toBe(200);
      try {
        const orderId = nextOrderId();
        const res = await lsDeliver(
          orderEventBody('order_created', {
            orderId,
            userId: user.id,
            variantId: '102',
            checkoutId,
            testMode: false,
            total: 2062,
          }),
        );
        expect(res.json().outcome).toBe('credited');
        expect(await orderOf(orderId)).toMatchObject({
          status: 'paid',
          amount_cents: 2062,
          credits: 100,
        });
        expect(await findBalance(app.database.db, user.id)).toBe(110);
        // A new checkout charges the new price; an order at the old one is held.
        const later = await checkoutFor();
        const heldId = nextOrderId();
        const held = await lsDeliver(
          orderEventBody('order_created', {
            orderId: heldId,
            userId: later.user.id,
            variantId: '102',
            checkoutId: later.checkoutId,
            testMode: false,
            total: 2062,
          }),
        );
        expect(held.json().outcome).toBe('held');
        expect((await orderOf(heldId)).review_reason).toMatch(/instead of 30\.00 USD/);
      } finally {
        await editPlan({ priceCents: 2062, credits: 100 });
      }
    });

    it('a held order is told to the admins by mail, without crediting anyone', async () => {
      const { app } = get();
      const { user, checkoutId } = await checkoutFor();
      const orderId = nextOrderId();
      await lsDeliver(
        orderEventBody('order_created', {
          orderId,
          userId: user.id,
          variantId: '102',
          checkoutId,
          testMode: false,
          currency: 'EUR',
        }),
      );
      const order = await orderOf(orderId);
      // The alert looks up the admins who want it, then mails them, after the webhook answered.
      const mail = await vi.waitFor(async () => {
        const found = (await listOutbox(app.database.db, TEST_ADMIN.email)).find(
          (m) =>
            m.subject.includes('An order needs review') && m.text.includes(order.receipt_number),
        );
        expect(found).toBeDefined();
        return found;
      });
      expect(mail?.text).toMatch(/currency EUR instead of USD/);
      expect(await findBalance(app.database.db, user.id)).toBe(10);
      // The buyer got no invoice for an order that was not credited (only the sign-up mail).
      expect((await listOutbox(app.database.db, user.email)).map((mail) => mail.subject)).toEqual([
        'Confirm your e-mail address for Cutout',
      ]);
    });

    it("a held order tells its buyer: the return page's status and a mail say it is being checked; Credit or a refund mails again", async () => {
      const { app } = get();
      const db = app.database.db;
      const checkoutStatus = async (user: { cookie: string }, checkoutId: string) => {
        const res = await app.inject({
          url: `/api/checkouts/${checkoutId}`,
          headers: { cookie: user.cookie },
        });
        expect(res.statusCode).toBe(200);
        return res.json<{ state: string; credits: number; balance: number }>();
      };
      const mailTo = (email: string, subject: string) =>
        vi.waitFor(async () => {
          const found = (await listOutbox(db, email)).find((m) => m.subject.includes(subject));
          expect(found, `a mail to ${email}: ${subject}`).toBeDefined();
          return found!;
        });
      const holdOne = async () => {
        const { user, checkoutId } = await checkoutFor();
        const orderId = nextOrderId();
        const res = await lsDeliver(
          orderEventBody('order_created', {
            orderId,
            userId: user.id,
            variantId: '102',
            checkoutId,
            testMode: false,
            currency: 'EUR',
            email: user.email,
          }),
        );
        expect(res.json().outcome).toBe('held');
        return { user, checkoutId, orderId, order: await orderOf(orderId) };
      };

      // Held: the page the buyer returns to (it polls this) and a mail say it is being checked.
      const credited = await holdOne();
      expect(await checkoutStatus(credited.user, credited.checkoutId)).toMatchObject({
        state: 'needs_review',
        credits: 100,
        balance: 10,
      });
      const held = await mailTo(credited.user.email, paymentTexts.needsReviewTitle);
      expect(held.subject).toContain(credited.order.receipt_number);
      expect(held.text).toContain(
        'We received your payment and are checking it; your credits will follow, or your money back',
      );
      // The admin credits it: the buyer is told, and the page now says paid.
      const credit = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${credited.order.id}/credit`,
        headers: { cookie: admin },
        payload: { reason: 'Paid in euros by mistake; accepted' },
      });
      expect(credit.statusCode).toBe(200);
      const creditedMail = await mailTo(credited.user.email, 'was checked');
      expect(creditedMail.text).toContain(paymentTexts.heldCredited(100));
      expect(await checkoutStatus(credited.user, credited.checkoutId)).toMatchObject({
        state: 'paid',
        balance: 110,
      });

      // Another is refunded by the admin: Lemon Squeezy is asked for all of it, and its
      // order_refunded tells the buyer the money goes back.
      const refunded = await holdOne();
      await mailTo(refunded.user.email, paymentTexts.needsReviewTitle);
      seen.length = 0;
      const cancel = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${refunded.order.id}/cancel`,
        headers: { cookie: admin },
      });
      expect(cancel.statusCode).toBe(202);
      expect(seen.map((r) => [r.url, r.body])).toEqual([
        [
          `/v1/orders/${refunded.orderId}/refund`,
          { data: { type: 'orders', id: refunded.orderId } },
        ],
      ]);
      expect((await listOutbox(db, refunded.user.email)).map((m) => m.subject)).not.toContain(
        expect.stringContaining('was checked'),
      );
      const back = await lsDeliver(
        orderEventBody('order_refunded', {
          orderId: refunded.orderId,
          userId: refunded.user.id,
          variantId: '102',
          checkoutId: refunded.checkoutId,
          testMode: false,
          currency: 'EUR',
          email: refunded.user.email,
          refunded: true,
        }),
      );
      expect(back.json().outcome).toBe('refunded');
      const refundedMail = await mailTo(refunded.user.email, 'was checked');
      expect(refundedMail.text).toContain(paymentTexts.heldRefunded('€20.62'));
      expect(await checkoutStatus(refunded.user, refunded.checkoutId)).toMatchObject({
        state: 'refunded',
        balance: 10,
      });
    });

    it('discount codes: held while off; on, a discounted total is credited and the discount recorded', async () => {
      const { app } = get();
      const off = await checkoutFor();
      const heldId = nextOrderId();
      const held = await lsDeliver(
        orderEventBody('order_created', {
          orderId: heldId,
          userId: off.user.id,
          variantId: '102',
          checkoutId: off.checkoutId,
          testMode: false,
          total: 1062,
          discount: 1000,
        }),
      );
      expect(held.json().outcome).toBe('held');
      expect((await orderOf(heldId)).review_reason).toMatch(
        /discount of 10\.00 USD while discount codes are off/,
      );

      await setIntegrations({ lemonSqueezyDiscounts: true });
      const on = await checkoutFor();
      expect(on.sent.data.attributes.checkout_options).toEqual({ discount: true });
      const orderId = nextOrderId();
      const res = await lsDeliver(
        orderEventBody('order_created', {
          orderId,
          userId: on.user.id,
          variantId: '102',
          checkoutId: on.checkoutId,
          testMode: false,
          total: 1062,
          discount: 1000,
        }),
      );
      expect(res.json().outcome).toBe('credited');
      expect(await orderOf(orderId)).toMatchObject({
        status: 'paid',
        amount_cents: 1062,
        discount_cents: 1000,
        expected_cents: 2062,
      });
      expect(await findBalance(app.database.db, on.user.id)).toBe(110);
      // A discount larger than the price is impossible, even with codes on.
      const wild = await checkoutFor();
      const wildId = nextOrderId();
      await lsDeliver(
        orderEventBody('order_created', {
          orderId: wildId,
          userId: wild.user.id,
          variantId: '102',
          checkoutId: wild.checkoutId,
          testMode: false,
          total: 0,
          discount: 5000,
          subtotal: 2062,
        }),
      );
      expect((await orderOf(wildId)).status).toBe('needs_review');
      await setIntegrations({ lemonSqueezyDiscounts: false });
    });

    it('test-mode orders: held while the store is live, credited once it is in test mode, never revenue', async () => {
      const { app } = get();
      const live = await checkoutFor();
      const heldId = nextOrderId();
      const held = await lsDeliver(
        orderEventBody('order_created', {
          orderId: heldId,
          userId: live.user.id,
          variantId: '102',
          checkoutId: live.checkoutId,
          testMode: true,
        }),
      );
      expect(held.json().outcome).toBe('held');
      expect((await orderOf(heldId)).review_reason).toBe(
        'a test-mode order while the store is live',
      );

      const before = (
        await app.inject({ url: '/api/admin/subscriptions/stats', headers: { cookie: admin } })
      ).json().totals;
      await setIntegrations({ lemonSqueezyTestMode: true });
      const test = await checkoutFor();
      const testId = nextOrderId();
      const res = await lsDeliver(
        orderEventBody('order_created', {
          orderId: testId,
          userId: test.user.id,
          variantId: '102',
          checkoutId: test.checkoutId,
          testMode: true,
        }),
      );
      expect(res.json().outcome).toBe('credited');
      expect(await orderOf(testId)).toMatchObject({ status: 'paid', test_mode: 1 });
      const after = (
        await app.inject({ url: '/api/admin/subscriptions/stats', headers: { cookie: admin } })
      ).json().totals;
      expect(after.testOrders).toBe(before.testOrders + 1);
      expect(after.revenueCents).toBe(before.revenueCents);
      await setIntegrations({ lemonSqueezyTestMode: false });
    });

    it('a partial refund followed by a full one: credits go in proportion, then the rest', async () => {
      const { app } = get();
      const { user, checkoutId } = await checkoutFor();
      const orderId = nextOrderId();
      const base = { orderId, userId: user.id, variantId: '102', checkoutId, testMode: false };
      expect((await lsDeliver(orderEventBody('order_created', base))).json().outcome).toBe(
        'credited',
      );
      const order = await orderOf(orderId);
      await spendCredit(app.database.db, user.id, `job-${randomUUID()}`); // 109 left

      // The admin refunds a quarter; Lemon Squeezy is asked for exactly that amount.
      seen.length = 0;
      const partial = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${order.id}/cancel`,
        headers: { cookie: admin },
        payload: { amountCents: 516 },
      });
      expect(partial.statusCode).toBe(202);
      expect(seen[0]).toMatchObject({
        url: `/v1/orders/${orderId}/refund`,
        body: { data: { attributes: { amount: 516 } } },
      });
      // Lemon Squeezy's order_refunded for a partial refund: still paid, refunded false.
      const first = await lsDeliver(
        orderEventBody('order_refunded', {
          ...base,
          status: 'paid',
          refunded: false,
          refundedAmount: 516,
        }),
      );
      expect(first.json().outcome).toBe('partially_refunded');
      expect(await orderOf(orderId)).toMatchObject({
        status: 'partially_refunded',
        refunded_cents: 516,
        refunded_credits: 26, // ceil(100 × 516 / 2062) = 26 (decision 0263)
      });
      expect(await findBalance(app.database.db, user.id)).toBe(83);
      // The same delivery again changes nothing.
      expect(
        (
          await lsDeliver(
            orderEventBody('order_refunded', {
              ...base,
              status: 'paid',
              refunded: false,
              refundedAmount: 516,
            }),
          )
        ).json().outcome,
      ).toBe('duplicate');

      // A refund above what is left is refused before the provider is asked.
      const tooMuch = await app.inject({
        method: 'POST',
        url: `/api/admin/subscriptions/${order.id}/cancel`,
        headers: { cookie: admin },
        payload: { amountCents: 5000 },
      });
      expect(tooMuch.statusCode).toBe(400);

      // The full refund: the rest of the order's unspent credits go, never below zero.
      const full = await lsDeliver(
        orderEventBody('order_refunded', { ...base, refunded: true, refundedAmount: 2062 }),
      );
      expect(full.json().outcome).toBe('refunded');
      expect(await orderOf(orderId)).toMatchObject({
        status: 'refunded',
        refunded_cents: 2062,
        refunded_credits: 99,
      });
      expect(await findBalance(app.database.db, user.id)).toBe(10);
      expect(await sumLots(app.database.db, user.id)).toBe(10);
      const refunds = (await listLedger(app.database.db, user.id, 50)).filter(
        (r) => r.kind === 'refund',
      );
      expect(refunds.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([-73, -26]);
    });

    it('a refund request through Lemon Squeezy: refused by the API then approved; declined; invoice and credit note', async () => {
      const { app } = get();
      const db = app.database.db;
      const { user, checkoutId } = await checkoutFor();
      const orderId = nextOrderId();
      const base = { orderId, userId: user.id, variantId: '102', checkoutId, testMode: false };
      expect((await lsDeliver(orderEventBody('order_created', base))).json().outcome).toBe(
        'credited',
      );
      const order = await orderOf(orderId);
      for (let i = 0; i < 40; i++) await spendCredit(db, user.id, `job-${randomUUID()}`);
      // 60 of the pack unused: floor(20.62 × 60 / 100) = 12.37 (decision 0263).
      const asked = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: user.cookie },
        payload: { reason: 'Too many credits' },
      });
      expect(asked.statusCode).toBe(201);
      expect(asked.json().refundRequest).toMatchObject({ credits: 60, amountCents: 1237 });
      const requestId = asked.json().refundRequest.id as string;
      const approve = () =>
        app.inject({
          method: 'POST',
          url: `/api/admin/refund-requests/${requestId}/approve`,
          headers: { cookie: admin },
        });

      // Lemon Squeezy refuses: the request is open again and nothing changed.
      answer = (req) =>
        req.url.endsWith('/refund')
          ? { status: 422, body: { errors: [{ detail: 'internal refund detail' }] } }
          : lemonAnswer(req);
      const refused = await approve();
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.message).toBe(paymentTexts.refundProviderFailed);
      expect(refused.body).not.toContain('internal refund detail');
      const mine = async () =>
        (
          (await app.inject({ url: '/api/me/orders', headers: { cookie: user.cookie } })).json()
            .orders as {
            id: string;
            status: string;
            refundRequest: { status: string } | null;
            invoiceNumber: string | null;
          }[]
        ).find((o) => o.id === order.id)!;
      expect((await mine()).refundRequest).toMatchObject({ status: 'requested' });
      expect(await findBalance(db, user.id)).toBe(70);

      // Approved: Lemon Squeezy is asked for exactly the request's amount.
      answer = lemonAnswer;
      seen.length = 0;
      expect((await approve()).statusCode).toBe(202);
      expect(seen.map((r) => [r.url, r.body])).toEqual([
        [
          `/v1/orders/${orderId}/refund`,
          { data: { type: 'orders', id: orderId, attributes: { amount: 1237 } } },
        ],
      ]);
      // Its order_refunded removes the 60 unused credits; the free ones stay.
      const refunded = await lsDeliver(
        orderEventBody('order_refunded', {
          ...base,
          status: 'paid',
          refunded: false,
          refundedAmount: 1237,
        }),
      );
      expect(refunded.json().outcome).toBe('partially_refunded');
      expect(await findBalance(db, user.id)).toBe(10);
      expect(await mine()).toMatchObject({
        status: 'partially_refunded',
        refundRequest: { status: 'approved' },
      });

      // The invoice and the credit note name Lemon Squeezy, in the live sequence.
      const detail = (
        await app.inject({
          url: `/api/admin/subscriptions/${order.id}`,
          headers: { cookie: admin },
        })
      ).json();
      const [invoice, note] = detail.invoices as { id: string; kind: string; number: string }[];
      expect([invoice?.kind, note?.kind]).toEqual(['invoice', 'credit_note']);
      expect(invoice!.number).toMatch(/^CUT-\d{6}$/);
      const pdf = async (id: string) =>
        readPdf(
          (await app.inject({ url: `/api/me/invoices/${id}`, headers: { cookie: user.cookie } }))
            .rawPayload,
        );
      const invoicePdf = await pdf(invoice!.id);
      expect(invoicePdf.lines).toEqual(
        expect.arrayContaining([
          `Invoice number ${invoice!.number}`,
          'Payment provider Lemon Squeezy',
          'Total $20.62',
        ]),
      );
      // This order's event named no card: the invoice says nothing rather than guess 'Card'.
      expect(invoicePdf.text).not.toContain('Payment method');
      const notePdf = await pdf(note!.id);
      expect(notePdf.text).toContain(`Corrects invoice ${invoice!.number}`);
      expect(notePdf.text).toContain('Total -$12.37');

      // Another buyer's request is declined with a reason: no call to Lemon Squeezy.
      const other = await checkoutFor();
      const otherId = nextOrderId();
      await lsDeliver(
        orderEventBody('order_created', {
          orderId: otherId,
          userId: other.user.id,
          variantId: '102',
          checkoutId: other.checkoutId,
          testMode: false,
        }),
      );
      const otherOrder = await orderOf(otherId);
      const otherAsk = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${otherOrder.id}/refund-request`,
        headers: { cookie: other.user.cookie },
        payload: {},
      });
      seen.length = 0;
      const declined = await app.inject({
        method: 'POST',
        url: `/api/admin/refund-requests/${otherAsk.json().refundRequest.id as string}/decline`,
        headers: { cookie: admin },
        payload: { reason: 'Used through the API after the request.' },
      });
      expect(declined.json()).toMatchObject({ status: 'declined' });
      expect(seen).toEqual([]);
      expect(await findBalance(db, other.user.id)).toBe(110);
    });

    it('several partial refunds add up; credits already spent are never taken back', async () => {
      const { app } = get();
      const { user, checkoutId } = await checkoutFor();
      const orderId = nextOrderId();
      const base = { orderId, userId: user.id, variantId: '102', checkoutId, testMode: false };
      await lsDeliver(orderEventBody('order_created', base));
      for (let i = 0; i < 70; i++)
        await spendCredit(app.database.db, user.id, `job-${randomUUID()}`);
      // 40 credits left: 10 free, 30 of the pack (spends take the pack first: it expires first).
      expect(await findBalance(app.database.db, user.id)).toBe(40);
      const partial = (amount: number) =>
        lsDeliver(
          orderEventBody('order_refunded', {
            ...base,
            status: 'paid',
            refunded: false,
            refundedAmount: amount,
          }),
        );
      // 20% → ceil(19.98) = 20 credits (decision 0263).
      expect((await partial(412)).json().outcome).toBe('partially_refunded');
      expect((await orderOf(orderId)).refunded_credits).toBe(20);
      expect((await partial(1031)).json().outcome).toBe('partially_refunded'); // 50% → 50 in all
      // Only 30 of the pack were unspent: 10 more go, the lot is empty, the free credits stay.
      expect(await orderOf(orderId)).toMatchObject({ refunded_cents: 1031, refunded_credits: 30 });
      expect(await findBalance(app.database.db, user.id)).toBe(10);
      expect((await partial(1500)).json().outcome).toBe('partially_refunded');
      expect(await findBalance(app.database.db, user.id)).toBe(10);
    });
  },
  {
    // Read when each app starts, after the local Lemon Squeezy server above is listening.
    get env() {
      return {
        PAYMENTS_PROVIDER: 'lemonsqueezy',
        LEMONSQUEEZY_API_KEY: 'test-api-key',
        LEMONSQUEEZY_STORE_ID: '4242',
        LEMONSQUEEZY_WEBHOOK_SECRET: 'whsec-lemon-test',
        LEMONSQUEEZY_API_URL: apiUrl,
        LEMONSQUEEZY_VARIANT_CREDITS_10: '101',
        LEMONSQUEEZY_VARIANT_CREDITS_100: '102',
      };
    },
  },
);

interface LsCheckout {
  data: {
    relationships: { variant: { data: { id: string } } };
    attributes: {
      custom_price?: number;
      product_options: { redirect_url: string; enabled_variants: unknown[] };
      checkout_options: { discount: boolean };
    };
  };
}

describe('Lemon Squeezy checkout failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: 'lemonsqueezy',
        LEMONSQUEEZY_API_KEY: 'test-api-key',
        LEMONSQUEEZY_STORE_ID: '4242',
        LEMONSQUEEZY_WEBHOOK_SECRET: 'whsec-lemon-test',
        LEMONSQUEEZY_API_URL: apiUrl,
        LEMONSQUEEZY_VARIANT_CREDITS_10: '101',
      },
    });
  });
  afterAll(() => t?.close());

  it('a failing provider answers the spec text, not its internals', async () => {
    const { app } = t;
    answer = () => ({ status: 500, body: { errors: [{ detail: 'internal secret detail' }] } });
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkouts',
      headers: { cookie: user.cookie },
      payload: { planId: 'credits-10' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe('Failed to create checkout session');
    expect(res.body).not.toContain('internal secret detail');
  });
});
