import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { auditActions, paymentTexts } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import {
  adminCookie,
  onBothDialects,
  randomIp,
  signUp,
  type SignedUp,
} from '../../test/accounts.js';
import { readPdf } from '../../test/pdf.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { createTestApp } from '../../test/test-app.js';
import { findBalance, sumLots } from '../credits/credits.repository.js';
import { spendCredit } from '../credits/credits.service.js';
import { refundableNow } from './order-view.js';
import type { OrderRow } from './orders.repository.js';

// The buyer's 'Request refund' and the admin's decision, and the PDF invoices and credit notes
// that go with them — through the real sandbox provider (its checkout page, its signed webhooks
// posted to this server over HTTP), on SQLite and PostgreSQL.

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** Buys a pack with the sandbox's test card and waits for its webhook; returns the order. */
async function buy(app: FastifyInstance, user: SignedUp, planId = 'credits-10') {
  const created = await app.inject({
    method: 'POST',
    url: '/api/checkouts',
    headers: { cookie: user.cookie },
    payload: { planId },
  });
  expect(created.statusCode).toBe(201);
  const { id, url } = created.json<{ id: string; url: string }>();
  const paid = await app.inject({
    method: 'POST',
    url: `${new URL(url).pathname}/pay`,
    ...form({ card: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }),
  });
  expect(paid.statusCode).toBe(303);
  return vi.waitFor(
    async () => {
      const status = (
        await app.inject({ url: `/api/checkouts/${id}`, headers: { cookie: user.cookie } })
      ).json();
      expect(status.state).toBe('paid');
      return status.order as { id: string; receiptNumber: string };
    },
    { timeout: 10_000, interval: 50 },
  );
}

const myOrder = async (app: FastifyInstance, user: SignedUp, orderId: string) => {
  const orders = (
    await app.inject({ url: '/api/me/orders', headers: { cookie: user.cookie } })
  ).json().orders as {
    id: string;
    status: string;
    refundedCents: number;
    refundedCredits: number;
    invoiceNumber: string | null;
    refundable: { credits: number; amountCents: number; until: string } | null;
    refundRequest: { id: string; status: string; declineReason: string | null } | null;
  }[];
  return orders.find((o) => o.id === orderId)!;
};

onBothDialects(
  'refund requests and invoices',
  (get) => {
    let admin: string;
    beforeAll(async () => {
      // The sandbox posts its webhooks to the address the server listens on.
      await get().app.listen({ host: '127.0.0.1', port: 0 });
      admin = await adminCookie(get().app);
    });

    it('a buyer asks for the unused credits back; the admin approves; the sandbox refunds that share', async () => {
      const { app } = get();
      const db = app.database.db;
      const user = await signUp(app);
      const order = await buy(app, user);
      for (let i = 0; i < 3; i++) await spendCredit(db, user.id, `job-${randomUUID()}`);
      expect(await findBalance(db, user.id)).toBe(17);

      const before = await myOrder(app, user, order.id);
      // 7 of 10 credits unused: floor(5.15 × 7 / 10) = 3.60 (the one refund rule, 0263).
      expect(before.refundable).toMatchObject({ credits: 7, amountCents: 360 });

      const asked = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: user.cookie },
        payload: { reason: 'Bought the wrong pack' },
      });
      expect(asked.statusCode).toBe(201);
      expect(asked.json()).toMatchObject({
        refundable: null,
        refundRequest: { status: 'requested', credits: 7, amountCents: 360 },
      });
      const twice = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: user.cookie },
        payload: {},
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(paymentTexts.refundAlreadyRequested);
      // Not someone else's order.
      const stranger = await signUp(app);
      const theirs = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: stranger.cookie },
        payload: {},
      });
      expect(theirs.statusCode).toBe(404);

      // The admin's list shows it; approve asks the provider for the request's amount.
      const waiting = (
        await app.inject({
          url: `/api/admin/subscriptions?request=requested&search=${encodeURIComponent(order.receiptNumber)}`,
          headers: { cookie: admin },
        })
      ).json();
      expect(waiting.total).toBe(1);
      const requestId = waiting.subscriptions[0].refundRequest.id as string;
      const approved = await app.inject({
        method: 'POST',
        url: `/api/admin/refund-requests/${requestId}/approve`,
        headers: { cookie: admin },
      });
      expect(approved.statusCode).toBe(202);
      expect(approved.json()).toMatchObject({ status: 'approved' });
      const again = await app.inject({
        method: 'POST',
        url: `/api/admin/refund-requests/${requestId}/approve`,
        headers: { cookie: admin },
      });
      expect(again.statusCode).toBe(409);

      // The sandbox's order_refunded (3.60 of 5.15 refunded) removes the 7 unused credits:
      // ceil(10 × 360 / 515) = 7.
      const after = await vi.waitFor(
        async () => {
          const o = await myOrder(app, user, order.id);
          expect(o.status).toBe('partially_refunded');
          return o;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(after).toMatchObject({ refundedCents: 360, refundedCredits: 7 });
      expect(await findBalance(db, user.id)).toBe(10);
      expect(await sumLots(db, user.id)).toBe(10);
      expect(after.refundRequest).toMatchObject({ status: 'approved' });

      // The buyer got the invoice, then the credit note, as mails with the PDF named.
      await vi.waitFor(
        async () => {
          const mails = await listOutbox(db, user.email);
          expect(mails.map((m) => m.subject)).toEqual(
            expect.arrayContaining([
              expect.stringMatching(/^Your Cutout invoice \(test mode/),
              expect.stringMatching(/^Your Cutout credit note \(test mode/),
            ]),
          );
        },
        { timeout: 10_000, interval: 50 },
      );
      const detail = (
        await app.inject({
          url: `/api/admin/subscriptions/${order.id}`,
          headers: { cookie: admin },
        })
      ).json();
      expect(detail.invoices.map((i: { kind: string }) => i.kind)).toEqual([
        'invoice',
        'credit_note',
      ]);
      const [invoice, note] = detail.invoices as { id: string; number: string }[];
      // One sequence: the credit note takes the number after the invoice's (test orders have
      // a sequence of their own, so live numbers stay gap-free).
      expect(Number(note!.number.slice(-6))).toBeGreaterThan(Number(invoice!.number.slice(-6)));
      const pdf = await app.inject({
        url: `/api/me/invoices/${note!.id}`,
        headers: { cookie: user.cookie },
      });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = (await readPdf(pdf.rawPayload)).text;
      expect(text).toContain(`Credit note number ${note!.number}`);
      expect(text).toContain(`Corrects invoice ${invoice!.number}`);
      expect(text).toContain('Total -$3.60');
      expect(
        (
          await app.inject({
            url: `/api/me/invoices/${note!.id}`,
            headers: { cookie: stranger.cookie },
          })
        ).statusCode,
      ).toBe(404);

      const audit = (
        await app.inject({
          url: `/api/admin/audit-log?action=${auditActions.refundApprove}`,
          headers: { cookie: admin },
        })
      ).json();
      expect(audit.entries[0]).toMatchObject({
        detail: { request: requestId, unusedWhenAsked: 7, unusedNow: 7, amount: '3.60 USD' },
      });
    });

    it('the admin declines with a reason: the buyer is mailed it, the credits stay, no second request', async () => {
      const { app } = get();
      const db = app.database.db;
      const user = await signUp(app);
      const order = await buy(app, user);
      // User Management's Plan column names the pack bought last.
      const listed = (
        await app.inject({
          url: `/api/admin/users?search=${encodeURIComponent(user.email)}`,
          headers: { cookie: admin },
        })
      ).json();
      expect(listed.users[0]).toMatchObject({ lastPack: '10 Credits', credits: 20 });
      const asked = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: user.cookie },
        payload: {},
      });
      const requestId = asked.json().refundRequest.id as string;
      const empty = await app.inject({
        method: 'POST',
        url: `/api/admin/refund-requests/${requestId}/decline`,
        headers: { cookie: admin },
        payload: { reason: '  ' },
      });
      expect(empty.statusCode).toBe(400);
      const declined = await app.inject({
        method: 'POST',
        url: `/api/admin/refund-requests/${requestId}/decline`,
        headers: { cookie: admin },
        payload: { reason: 'The credits were used by your API key after the request.' },
      });
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toMatchObject({
        status: 'declined',
        declineReason: 'The credits were used by your API key after the request.',
      });
      expect(await findBalance(db, user.id)).toBe(20);
      const o = await myOrder(app, user, order.id);
      expect(o).toMatchObject({ status: 'paid', refundable: null });
      await vi.waitFor(async () => {
        const mail = (await listOutbox(db, user.email)).find((m) =>
          m.subject.includes('refund request'),
        );
        expect(mail?.text).toContain('Reason: The credits were used by your API key');
      });
      const again = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: user.cookie },
        payload: {},
      });
      expect(again.statusCode).toBe(409);
    });

    it('prints the seller, the buyer, the line, the tax, the provider and the numbers on the PDF invoice', async () => {
      const { app } = get();
      const details = {
        legalName: 'Cutout Imaging Ltd',
        address: '1 Harbour Street, Dublin D02, Ireland',
        taxNumber: 'IE1234567T',
        contactEmail: 'billing@cutout.example',
        taxRatePercent: 20,
        taxLabel: 'VAT',
      };
      // The pricing and billing pages' contact line: none until the seller sets one (issue 26).
      const contact = async () => (await app.inject({ url: '/api/plans' })).json().contactEmail;
      expect(await contact()).toBeNull();
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/admin/business-details',
        headers: { cookie: admin },
        payload: details,
      });
      expect(saved.json()).toEqual(details);
      expect(await contact()).toBe('billing@cutout.example');
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/admin/business-details',
        headers: { cookie: admin },
        payload: { ...details, taxRatePercent: 120 },
      });
      expect(bad.statusCode).toBe(400);
      const user = await signUp(app, { name: 'Ада Лавлейс' });
      const profile = await app.inject({
        method: 'PUT',
        url: '/api/me/billing-profile',
        headers: { cookie: user.cookie },
        payload: {
          name: 'Лавлейс Аналитика',
          address: 'Невский пр. 1, Санкт-Петербург',
          vatNumber: 'ru7701234567',
        },
      });
      expect(profile.json()).toMatchObject({ vatNumber: 'RU7701234567' });

      const order = await buy(app, user, 'credits-100');
      const mine = await myOrder(app, user, order.id);
      const res = await app.inject({
        url: `/api/me/orders/${order.id}/receipt`,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.pages).toBe(1);
      expect(String(pdf.info.Title)).toContain(mine.invoiceNumber!);
      for (const line of [
        `Invoice (test mode — no real payment) ${mine.invoiceNumber}`,
        'Cutout Imaging Ltd',
        '1 Harbour Street, Dublin D02, Ireland',
        'Tax number: IE1234567T',
        'billing@cutout.example',
        'Лавлейс Аналитика',
        'Невский пр. 1, Санкт-Петербург',
        'Tax number: RU7701234567',
        user.email,
        `Invoice number ${mine.invoiceNumber}`,
        `Order number ${order.receiptNumber}`,
        'Payment provider Cutout sandbox (test mode)',
        'Payment method Visa •••• 4242',
        'Item 100 Credits (100 credits, valid for one year)',
        'Quantity 1',
        'Amount $20.62',
        // 20% included in 20.62: 20.62 − 20.62 / 1.2 = 3.44.
        'Tax (VAT 20%, included) $3.44',
        'Total $20.62',
        'Currency USD',
      ]) {
        expect(pdf.lines).toContain(line);
      }
      // The same document every time: the details are those of the moment it was issued.
      await app.inject({
        method: 'PUT',
        url: '/api/admin/business-details',
        headers: { cookie: admin },
        payload: { ...details, legalName: 'Renamed Ltd' },
      });
      const again = await readPdf(
        (
          await app.inject({
            url: `/api/me/orders/${order.id}/receipt`,
            headers: { cookie: user.cookie },
          })
        ).rawPayload,
      );
      expect(again.text).toContain('Cutout Imaging Ltd');
      expect(again.text).not.toContain('Renamed Ltd');
    });
  },
  { env: { PAYMENTS_PROVIDER: 'sandbox' } },
);

describe('what a buyer may ask back', () => {
  const order = {
    status: 'paid',
    paid_at: '2026-01-01T00:00:00.000Z',
    amount_cents: 2062,
    refunded_cents: 0,
    refunded_credits: 0,
    credits: 100,
    lot_id: 'lot-1',
  } as unknown as OrderRow;
  const lot = { remaining: 40, expires_at: '2027-01-01T00:00:00.000Z' };

  it('the unused share within 30 days, rounded down to the cent; nothing after, or when used up', () => {
    expect(refundableNow(order, lot, new Date('2026-01-30T23:59:59Z'))).toEqual({
      credits: 40,
      amountCents: 824, // floor(20.62 × 0.4 = 8.248)
      until: '2026-01-31T00:00:00.000Z',
    });
    expect(refundableNow(order, lot, new Date('2026-01-31T00:00:00Z'))).toBeNull();
    expect(refundableNow(order, { ...lot, remaining: 0 }, new Date('2026-01-02'))).toBeNull();
    expect(refundableNow({ ...order, status: 'refunded' }, lot, new Date('2026-01-02'))).toBeNull();
    // What a partial refund paid is deducted: 5.00 refunded removed ceil(24.2) = 25 credits, so
    // floor(20.62 × (40 + 25) / 100) − 5.00 = 8.40.
    expect(
      refundableNow(
        { ...order, refunded_cents: 500, refunded_credits: 25 },
        lot,
        new Date('2026-01-02'),
      )?.amountCents,
    ).toBe(840);
    // An expired lot has nothing unused.
    expect(
      refundableNow(
        order,
        { ...lot, expires_at: '2026-01-01T12:00:00.000Z' },
        new Date('2026-01-02'),
      ),
    ).toBeNull();
  });
});

// 'E-mail receipt' says truthfully where the mail went (decision 0126), and the buyer is mailed
// the invoice on purchase and the credit note on refund — through a real SMTP server here.
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink?.close());

/** The PDF attached to a raw MIME message, and its file name. */
function attachedPdf(raw: string): { filename: string; pdf: Buffer } {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p));
  expect(part, 'a PDF attachment').toBeDefined();
  const [headers, body] = part!.split(/\r?\n\r?\n/, 2) as [string, string];
  return {
    filename: /filename="?([^"\r\n;]+)/.exec(headers)?.[1] ?? '',
    pdf: Buffer.from(body.replace(/\s/g, ''), 'base64'),
  };
}

onBothDialects(
  'invoice mails through SMTP',
  (get) => {
    let admin: string;
    beforeAll(async () => {
      await get().app.listen({ host: '127.0.0.1', port: 0 });
      admin = await adminCookie(get().app);
    });

    it('mails the invoice on purchase and the credit note on refund; E-mail receipt says sent', async () => {
      const { app } = get();
      // Mail goes to the SMTP sink: the sign-up mail (its confirmation link) comes first.
      const user = await signUp(app, {}, { confirm: false });
      const signUpMail = (await sink.next(user.email, 10_000)).text;
      const confirm = /\/api\/auth\/verify-email\?token=[\w.-]+/.exec(signUpMail)![0];
      expect((await app.inject({ url: confirm, remoteAddress: randomIp() })).statusCode).toBe(303);
      const order = await buy(app, user, 'credits-10');
      const mine = await myOrder(app, user, order.id);

      const invoiceMail = await sink.next(user.email, 10_000);
      expect(invoiceMail.text).toContain('Thank you for your purchase. Your invoice is attached.');
      const attached = attachedPdf(invoiceMail.text);
      expect(attached.filename).toBe(`cutout-invoice-${mine.invoiceNumber}.pdf`);
      expect((await readPdf(attached.pdf)).lines).toContain(`Invoice number ${mine.invoiceNumber}`);

      // The button sends it now, and says so only because SMTP took it.
      const emailed = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/receipt/email`,
        headers: { cookie: user.cookie },
      });
      expect(emailed.statusCode).toBe(200);
      expect(emailed.json()).toEqual({ sent: true, delivery: 'sent' });
      const again = await sink.next(user.email, 10_000);
      expect(again.text).toContain(mine.invoiceNumber!);

      // The admin refunds the whole order: the buyer gets the credit note by mail.
      const refund = await app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refund`,
        headers: { cookie: admin },
      });
      expect(refund.statusCode).toBe(202);
      const noteMail = await sink.next(user.email, 10_000);
      expect(noteMail.text).toContain('Your refund of $5.15 was made.');
      const note = await readPdf(attachedPdf(noteMail.text).pdf);
      expect(note.text).toContain(`Corrects invoice ${mine.invoiceNumber}`);
      expect(note.text).toContain('Total -$5.15');
      expect(await findBalance(app.database.db, user.id)).toBe(10);
    });
  },
  {
    get env() {
      return { PAYMENTS_PROVIDER: 'sandbox', SMTP_URL: sink.url };
    },
  },
);

describe('E-mail receipt while the SMTP server refuses', () => {
  it('answers a clear error, claims nothing was sent, and the invoice stays downloadable', async () => {
    // A port that was just closed: the connection is refused at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'sandbox', SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      const { app } = t;
      await app.listen({ host: '127.0.0.1', port: 0 });
      const user = await signUp(app);
      const order = await buy(app, user, 'credits-10');
      const emailed = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/receipt/email`,
        headers: { cookie: user.cookie },
      });
      expect(emailed.statusCode).toBe(502);
      expect(emailed.json().error.message).toBe('The invoice could not be sent.');
      expect(emailed.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      const pdf = await app.inject({
        url: `/api/me/orders/${order.id}/receipt`,
        headers: { cookie: user.cookie },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await findBalance(app.database.db, user.id)).toBe(20);
    } finally {
      await t.close();
    }
  });
});
