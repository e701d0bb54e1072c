import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findBalance } from '../credits/credits.repository.js';
import { deliver, orderEventBody } from '../../test/payments.js';
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
          product_options: {
            redirect_url: 'https://cutout.example/payment-success?checkout=our-checkout-1',
          },
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

  it('asks for a refund at POST /v1/orders/{id}/refund', async () => {
    answer = lemonAnswer;
    seen.length = 0;
    const provider = new LemonSqueezyProvider({
      apiKey: 'test-api-key',
      storeId: '4242',
      webhookSecret: 'x',
      apiUrl,
    });
    await provider.refund('98765');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/orders/98765/refund',
      body: { data: { type: 'orders', id: '98765' } },
    });
  });
});

describe('Lemon Squeezy configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    answer = lemonAnswer;
    t = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: 'lemonsqueezy',
        LEMONSQUEEZY_API_KEY: 'test-api-key',
        LEMONSQUEEZY_STORE_ID: '4242',
        LEMONSQUEEZY_WEBHOOK_SECRET: 'whsec-lemon-test',
        LEMONSQUEEZY_API_URL: apiUrl,
        LEMONSQUEEZY_VARIANT_CREDITS_10: '101',
        LEMONSQUEEZY_VARIANT_CREDITS_100: '102',
      },
    });
  });
  afterAll(() => t?.close());

  it('checks out through the API and credits the order its signed webhook names by variant', async () => {
    const { app } = t;
    answer = lemonAnswer;
    seen.length = 0;
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkouts',
      headers: { cookie: user.cookie },
      payload: { planId: 'credits-100' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toBe('https://cutout.lemonsqueezy.com/checkout/custom/5f1');
    const sent = seen[0]!.body as {
      data: {
        relationships: { variant: { data: { id: string } } };
        attributes: { product_options: { redirect_url: string } };
      };
    };
    expect(sent.data.relationships.variant.data.id).toBe('102');
    expect(sent.data.attributes.product_options.redirect_url).toContain(
      `/payment-success?checkout=${res.json().id}`,
    );

    // No variant configured for the 1000 pack: 'Checkout not configured'.
    const missing = await app.inject({
      method: 'POST',
      url: '/api/checkouts',
      headers: { cookie: user.cookie },
      payload: { planId: 'credits-1000' },
    });
    expect(missing.statusCode).toBe(503);
    expect(missing.json().error.message).toBe('Checkout not configured');

    const body = orderEventBody('order_created', {
      orderId: String(Date.now()),
      userId: user.id,
      variantId: '102',
      checkoutId: res.json().id,
    });
    const wrong = await deliver(app, body, { provider: 'lemonsqueezy', secret: 'whsec-sandbox' });
    expect(wrong.statusCode).toBe(401);
    const ok = await deliver(app, body, { provider: 'lemonsqueezy', secret: 'whsec-lemon-test' });
    expect(ok.json().outcome).toBe('credited');
    expect(await findBalance(app.database.db, user.id)).toBe(110);
    // The sandbox's endpoint is closed while Lemon Squeezy sells.
    expect((await deliver(app, body)).statusCode).toBe(401);
    expect(
      (await app.inject({ url: `/api/payments/sandbox/checkouts/${randomUUID()}` })).statusCode,
    ).toBe(404);

    const status = await app.inject({
      url: `/api/checkouts/${res.json().id}`,
      headers: { cookie: user.cookie },
    });
    expect(status.json()).toMatchObject({ state: 'paid', credits: 100, balance: 110 });
  });

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
