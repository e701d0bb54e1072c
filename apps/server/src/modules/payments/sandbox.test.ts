import { paymentTexts, refundRuleTexts } from '@cutout/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { signUp, TEST_ADMIN, adminCookie } from '../../test/accounts.js';
import { tempDir, testConfig } from '../../test/test-app.js';
import { findBalance, listLedger, sumLots } from '../credits/credits.repository.js';
import { spendCredit } from '../credits/credits.service.js';
import type { FastifyInstance } from 'fastify';
import { readPdf } from '../../test/pdf.js';
import { readUntil } from '../../test/wait.js';

// The sandbox provider end to end over real HTTP: checkout page, test cards, the signed webhook
// posted to the server's own listening address, its retry schedule, a restart in the middle,
// refunds, receipts — and lots that expire on time with an injected clock.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function start(
  dir: string,
  options: { listen?: boolean; clock?: () => Date; retry?: number[] } = {},
) {
  const app = await buildApp(testConfig({ DATA_DIR: dir, ADMIN_PASSWORD: TEST_ADMIN.password }), {
    webApp: null,
    payments: {
      tickMs: 50,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.retry ? { retrySchedule: options.retry } : {}),
    },
  });
  if (options.listen === false) await app.ready();
  else await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function checkout(app: FastifyInstance, cookie: string, planId = 'credits-100') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkouts',
    headers: { cookie },
    payload: { planId },
  });
  expect(res.statusCode).toBe(201);
  const { id, url } = res.json<{ id: string; url: string }>();
  const path = new URL(url).pathname;
  return { id, path };
}

describe('sandbox provider', () => {
  it('checkout page → pay with the test card → signed webhook → credits, order, receipt', async () => {
    const tmp = tempDir();
    const app = await start(tmp.dir);
    cleanups.push(
      () => tmp.remove(),
      () => app.close(),
    );
    const user = await signUp(app);
    const { id, path } = await checkout(app, user.cookie);

    const page = await app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(paymentTexts.testMode);
    expect(page.body).toContain('$20.62');
    expect(page.body).toContain('4242 4242 4242 4242');

    const waiting = await app.inject({
      url: `/api/checkouts/${id}`,
      headers: { cookie: user.cookie },
    });
    expect(waiting.json()).toMatchObject({
      state: 'waiting',
      credits: 100,
      balance: 10,
      order: null,
    });

    const paid = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }),
    });
    expect(paid.statusCode).toBe(303);
    const target = new URL(paid.headers.location as string);
    expect(target.pathname).toBe('/payment-success');
    expect(target.searchParams.get('checkout')).toBe(id);

    const status = await readUntil(
      async () =>
        (
          await app.inject({ url: `/api/checkouts/${id}`, headers: { cookie: user.cookie } })
        ).json(),
      (s) => s.state === 'paid',
    );
    expect(status).toMatchObject({ state: 'paid', credits: 100, balance: 110, testMode: true });
    expect(status.order).toMatchObject({
      planName: '100 Credits',
      amountCents: 2062,
      currency: 'USD',
      status: 'paid',
    });
    const paidAt = new Date(status.order.paidAt);
    const expires = new Date(status.order.lotExpiresAt);
    expect(expires.getUTCFullYear() - paidAt.getUTCFullYear()).toBe(1);
    expect(expires.toISOString().slice(5)).toBe(paidAt.toISOString().slice(5));

    // Paying again is refused: the checkout is closed.
    const again = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242424242424242', expiry: '12/39', cvc: '123' }),
    });
    expect(again.statusCode).toBe(409);

    const orders = await app.inject({ url: '/api/me/orders', headers: { cookie: user.cookie } });
    expect(orders.json()).toMatchObject({ total: 1, orders: [{ id: status.order.id }] });
    const purchases = await app.inject({
      url: `/users/${user.id}/purchases?page=1&per_page=20`,
      headers: { cookie: user.cookie },
    });
    expect(purchases.json().total).toBe(1);

    const receipt = await app.inject({
      url: `/api/me/orders/${status.order.id}/receipt`,
      headers: { cookie: user.cookie },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    // Test orders number in a sequence of their own, so live invoice numbers stay gap-free.
    expect(receipt.headers['content-disposition']).toMatch(
      /attachment; filename="cutout-invoice-TEST-\d{6}\.pdf"/,
    );
    const pdf = await readPdf(receipt.rawPayload);
    for (const text of [
      status.order.receiptNumber,
      '100 Credits',
      '$20.62',
      'USD',
      'Test mode — no real payment',
      'Visa •••• 4242',
    ]) {
      expect(pdf.text).toContain(text);
    }
    const other = await signUp(app);
    const stolen = await app.inject({
      url: `/api/me/orders/${status.order.id}/receipt`,
      headers: { cookie: other.cookie },
    });
    expect(stolen.statusCode).toBe(404);

    // The invoice was e-mailed when the order was paid; the button sends it again and says
    // truthfully that, with no SMTP server here, it only went to the outbox.
    const emailed = await app.inject({
      method: 'POST',
      url: `/api/me/orders/${status.order.id}/receipt/email`,
      headers: { cookie: user.cookie },
    });
    expect(emailed.statusCode).toBe(200);
    expect(emailed.json()).toEqual({ sent: false, delivery: 'queued' });
    const mails = await readUntil(
      () =>
        app.database.db
          .selectFrom('outbox')
          .selectAll()
          .where('subject', 'like', '%invoice%')
          .execute(),
      (rows) => rows.length >= 2,
    );
    expect(mails.map((m) => m.to)).toEqual([user.email, user.email]);
    expect(mails[0]!.text).toContain(status.order.receiptNumber);
    expect(mails[0]!.text).toMatch(
      /Attachment not kept in the outbox: cutout-invoice-TEST-\d{6}\.pdf/,
    );

    const billing = await app.inject({ url: '/api/me/billing', headers: { cookie: user.cookie } });
    expect(billing.json()).toMatchObject({
      balance: 110,
      purchasedPlanIds: ['credits-100'],
      recentOrder: { id: status.order.id },
      nextExpiry: { credits: 100 },
      usage: { thisMonth: 0 },
    });
    expect(billing.json().usage.last30Days).toHaveLength(30);

    // Refund through the admin call: the unused credits' share (decision 0263), floor(20.62 ×
    // 99 / 100) = 20.41; the sandbox sends order_refunded, the 99 unspent credits go.
    const cookie = await adminCookie(app);
    await spendCredit(app.database.db, user.id, 'job-before-refund');
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${status.order.id}/refund`,
      headers: { cookie },
    });
    expect(refund.statusCode).toBe(202);
    const refunded = await readUntil(
      async () =>
        (
          await app.inject({ url: `/api/checkouts/${id}`, headers: { cookie: user.cookie } })
        ).json(),
      (s) => s.state === 'partially_refunded',
    );
    expect(refunded).toMatchObject({ state: 'partially_refunded', balance: 10 });
    expect(refunded.order).toMatchObject({ refundedCents: 2041, refundedCredits: 99 });
    // Nothing unused is left: the used credit is refunded only as a goodwill refund.
    const twice = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${status.order.id}/refund`,
      headers: { cookie },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(refundRuleTexts.nothingUnspent);
  });

  it('a declined card and a cancel take no money and give no credits', async () => {
    const tmp = tempDir();
    const app = await start(tmp.dir);
    cleanups.push(
      () => tmp.remove(),
      () => app.close(),
    );
    const user = await signUp(app);
    const { id, path } = await checkout(app, user.cookie, 'credits-10');
    const declined = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' }),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(paymentTexts.cardDeclined);
    const unknown = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4111 1111 1111 1111', expiry: '12/39', cvc: '123' }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain(paymentTexts.unknownCard);
    const expired = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' }),
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toContain(paymentTexts.badExpiry);
    const cancelled = await app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(
      new URL(cancelled.headers.location as string).pathname +
        new URL(cancelled.headers.location as string).search,
    ).toBe('/pricing?canceled=true');
    const after = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }),
    });
    expect(after.statusCode).toBe(409);
    // A delivery would have been written with the order, in the same transaction; the
    // dispatcher's round in progress, if any, ends before the checks.
    await app.payments.dispatcher.idle();
    const status = await app.inject({
      url: `/api/checkouts/${id}`,
      headers: { cookie: user.cookie },
    });
    expect(status.json()).toMatchObject({ state: 'waiting', balance: 10, order: null });
    expect(
      await app.database.db.selectFrom('webhook_deliveries').selectAll().execute(),
    ).toHaveLength(0);
  });

  it('retries an unanswered webhook on the schedule and loses nothing across a restart', async () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.remove());
    // Not listening: the first attempt cannot reach the endpoint.
    let app = await start(tmp.dir, { listen: false, retry: [100, 100, 100] });
    const user = await signUp(app);
    const { path } = await checkout(app, user.cookie);
    const paid = await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242424242424242', expiry: '12/39', cvc: '123' }),
    });
    expect(paid.statusCode).toBe(303);
    const pending = await readUntil(
      () => app.database.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow(),
      (d) => d.attempts >= 2,
    );
    expect(pending).toMatchObject({ status: 'pending', event_name: 'order_created' });
    expect(pending.last_error).toMatch(/not listening/);
    expect(await findBalance(app.database.db, user.id)).toBe(10);
    await app.close();

    // The same data directory, a new process: the pending delivery goes out.
    app = await start(tmp.dir, { retry: [100, 100, 100] });
    cleanups.push(() => app.close());
    const delivered = await readUntil(
      () => app.database.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow(),
      (d) => d.status === 'delivered',
    );
    expect(delivered.last_status).toBe(200);
    expect(await findBalance(app.database.db, user.id)).toBe(110);
  });

  it('gives up after the last retry, marking the delivery failed', async () => {
    const tmp = tempDir();
    const app = await start(tmp.dir, { listen: false, retry: [50, 50] });
    cleanups.push(
      () => tmp.remove(),
      () => app.close(),
    );
    const user = await signUp(app);
    const { path } = await checkout(app, user.cookie, 'credits-10');
    await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242424242424242', expiry: '12/39', cvc: '123' }),
    });
    const failed = await readUntil(
      () => app.database.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow(),
      (d) => d.status === 'failed',
    );
    expect(failed.attempts).toBe(3);
  });

  it('paid credits expire one year after purchase, on time, earliest expiry spent first', async () => {
    const tmp = tempDir();
    let now = new Date('2026-03-10T12:00:00.000Z');
    const app = await start(tmp.dir, { clock: () => now });
    cleanups.push(
      () => tmp.remove(),
      () => app.close(),
    );
    const user = await signUp(app);
    const db = app.database.db;
    const { id, path } = await checkout(app, user.cookie, 'credits-10');
    await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242424242424242', expiry: '12/39', cvc: '123' }),
    });
    const status = await readUntil(
      async () =>
        (
          await app.inject({ url: `/api/checkouts/${id}`, headers: { cookie: user.cookie } })
        ).json(),
      (s) => s.state === 'paid',
    );
    expect(status.order.lotExpiresAt).toBe('2027-03-10T12:00:00.000Z');
    await spendCredit(db, user.id, 'job-1', now);
    // The paid lot expires first, so it was spent first: 9 paid + 10 sign-up left.
    expect(await findBalance(db, user.id)).toBe(19);

    now = new Date('2027-03-10T11:59:59.999Z');
    expect(await app.payments.expiry.sweep()).toBe(0);
    expect(await findBalance(db, user.id)).toBe(19);

    now = new Date('2027-03-10T12:00:00.000Z');
    expect(await app.payments.expiry.sweep()).toBe(9);
    expect(await findBalance(db, user.id)).toBe(10);
    expect(await sumLots(db, user.id)).toBe(10);
    const expiry = (await listLedger(db, user.id, 50)).filter((r) => r.kind === 'expiry');
    expect(expiry).toHaveLength(1);
    expect(Number(expiry[0]!.amount)).toBe(-9);
    expect(await app.payments.expiry.sweep()).toBe(0);
  });

  it('never spends an expired credit, even before the sweep has run', async () => {
    const tmp = tempDir();
    let now = new Date('2026-01-01T00:00:00.000Z');
    const app = await start(tmp.dir, { clock: () => now });
    cleanups.push(
      () => tmp.remove(),
      () => app.close(),
    );
    const user = await signUp(app);
    const db = app.database.db;
    // Spend the 10 sign-up credits, then buy 10.
    for (let i = 0; i < 10; i++) await spendCredit(db, user.id, `pre-${i}`, now);
    const { id, path } = await checkout(app, user.cookie, 'credits-10');
    await app.inject({
      method: 'POST',
      url: `${path}/pay`,
      ...form({ card: '4242424242424242', expiry: '12/39', cvc: '123' }),
    });
    await readUntil(
      async () =>
        (
          await app.inject({ url: `/api/checkouts/${id}`, headers: { cookie: user.cookie } })
        ).json(),
      (s) => s.state === 'paid',
    );
    expect(await findBalance(db, user.id)).toBe(10);
    now = new Date('2027-01-01T00:00:00.000Z');
    await expect(spendCredit(db, user.id, 'late', now)).rejects.toMatchObject({ status: 402 });
    // The refused spend rolled back; the sweep then records the expiry.
    expect(await app.payments.expiry.sweep()).toBe(10);
    expect(await findBalance(db, user.id)).toBe(0);
  });
});
