import { statSync } from 'node:fs';
import path from 'node:path';
import { checkoutTexts, integrationsApiPaths } from '@cutout/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import { adminCookie, onBothDialects, randomIp, signUp, TEST_ADMIN } from '../../test/accounts.js';
import { deliver, orderEventBody, TEST_SANDBOX_SECRET } from '../../test/payments.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { invalidRecord } from './webhooks.service.js';

// The webhook endpoint cannot be turned against the operator (issue 23, decision 0122), and a
// production server sells nothing until a provider is chosen (decision 0120).

const DIGEST_SUBJECT = '[Cutout] Payment webhooks failed';

onBothDialects(
  'the webhook endpoint under a flood',
  (get, dialect) => {
    let t: TestApp;
    beforeAll(() => {
      t = get();
    });

    /** The database's size: SQLite's file with its write-ahead log folded in; PostgreSQL's own. */
    const dbBytes = async () => {
      const db = t.app.database.db;
      if (dialect === 'sqlite') {
        await sql`pragma wal_checkpoint(truncate)`.execute(db);
        return statSync(path.join(t.config.dataDir, 'cutout.db')).size;
      }
      await sql`checkpoint`.execute(db);
      const { rows } = await sql<{
        bytes: string;
      }>`select pg_database_size(current_database()) as bytes`.execute(db);
      return Number(rows[0]!.bytes);
    };
    const digests = async () =>
      (await listOutbox(t.app.database.db, TEST_ADMIN.email)).filter(
        (m) => m.subject === DIGEST_SUBJECT,
      );

    it('200 unsigned 1 MB deliveries grow the database by less than 1 MB and send at most one mail', async () => {
      const { app } = t;
      const before = await dbBytes();
      const mailsBefore = (await digests()).length;
      const allMailsBefore = (await listOutbox(app.database.db)).length;
      const oneMb = Buffer.alloc(1024 * 1024, 'a');
      const statuses = new Map<number, number>();
      for (let i = 0; i < 200; i++) {
        // Each from its own address, the worst case for the per-address limit.
        const res = await deliver(app, null, {
          raw: oneMb,
          signature: null,
          remoteAddress: randomIp(),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
      // Refused before the body is read: larger than any provider's webhook.
      expect([...statuses]).toEqual([[413, 200]]);
      // Bodies small enough to be read, unsigned: each counted, few recorded, 2 KB at most.
      const sixtyKb = Buffer.alloc(60 * 1024, 'b');
      for (let i = 0; i < 200; i++) {
        const res = await deliver(app, null, {
          raw: sixtyKb,
          signature: null,
          remoteAddress: randomIp(),
        });
        expect(res.statusCode).toBe(401);
      }
      // The first refusal mails the digest at once; the other 199 wait for the next hour's.
      await vi.waitFor(async () => expect((await digests()).length - mailsBefore).toBe(1));
      const grown = (await dbBytes()) - before;
      // The figure for the report (decision 0122): run this file to see it.
      process.stdout.write(`webhook flood (${dialect}): the database grew by ${grown} bytes\n`);
      expect(grown).toBeLessThan(1024 * 1024);
      const refused = await app.database.db
        .selectFrom('webhook_events')
        .select(['body', 'headers'])
        .where('signature_valid', '=', 0)
        .execute();
      expect(refused.length).toBeLessThanOrEqual(invalidRecord.perMinute);
      for (const row of refused) expect(row.body.length).toBeLessThan(invalidRecord.bodyBytes + 64);
      const mails = await digests();
      expect(mails.length - mailsBefore).toBeLessThanOrEqual(1);
      // No other mail either, to anyone.
      await app.mailer.idle();
      expect((await listOutbox(app.database.db)).length - allMailsBefore).toBe(1);
      // The digest carries counts and times of the server's own, never the request's text.
      for (const mail of mails) {
        expect(mail.text).not.toMatch(/bbbb|aaaa/);
        expect(mail.text).toMatch(/failures: \d+/);
      }
    });

    it('an unknown provider answers 404 and stores nothing, whatever the segment says', async () => {
      const { app } = t;
      const count = async () =>
        Number(
          (
            await app.database.db
              .selectFrom('webhook_events')
              .select((eb) => eb.fn.countAll<string | number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      for (const segment of [
        'stripe',
        'x%0A%0AURGENT%3A%20log%20in%20at%20evil.example',
        'SANDBOX',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/payments/webhooks/${segment}`,
          headers: { 'content-type': 'application/json' },
          payload: '{}',
          remoteAddress: randomIp(),
        });
        expect(res.statusCode).toBe(404);
      }
      expect(await count()).toBe(before);
      const mails = await listOutbox(app.database.db);
      expect(mails.some((m) => m.text.includes('URGENT'))).toBe(false);
    });

    it('one address is cut short by the rate limit', async () => {
      const { app } = t;
      const ip = randomIp();
      const codes: number[] = [];
      for (let i = 0; i < 125; i++) {
        codes.push(
          (await deliver(app, { meta: {} }, { signature: null, remoteAddress: ip })).statusCode,
        );
      }
      expect(codes.slice(0, 120).every((c) => c === 401)).toBe(true);
      expect(codes.slice(120).every((c) => c === 429)).toBe(true);
    });

    it('a signed delivery is still stored whole and applied', async () => {
      const { app } = t;
      const user = await signUp(app);
      const body = orderEventBody('order_created', {
        orderId: `ord-flood-${Date.now()}`,
        userId: user.id,
        variantId: 'credits-10',
      });
      const res = await deliver(app, body);
      expect(res.json()).toMatchObject({ outcome: 'credited' });
      const stored = await app.database.db
        .selectFrom('webhook_events')
        .select('body')
        .where('provider_order_id', '=', body.data.id)
        .executeTakeFirstOrThrow();
      expect(stored.body).toBe(JSON.stringify(body));
    });
  },
  { env: { PAYMENTS_PROVIDER: 'sandbox', PAYMENTS_SANDBOX_SECRET: TEST_SANDBOX_SECRET } },
);

describe('the provider in production', () => {
  it('is none unless chosen: Lemon Squeezy with its key, the sandbox only when asked', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: '/tmp/cutout-config-test' };
    expect(loadConfig(base).payments.provider).toBe('none');
    expect(loadConfig({ ...base, PAYMENTS_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
    expect(
      loadConfig({
        ...base,
        LEMONSQUEEZY_API_KEY: 'k',
        LEMONSQUEEZY_STORE_ID: '1',
        LEMONSQUEEZY_WEBHOOK_SECRET: 'secret',
      }).payments.provider,
    ).toBe('lemonsqueezy');
    // Development and tests keep the sandbox.
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).payments.provider).toBe('sandbox');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).payments.provider).toBe('sandbox');
  });

  it('a fresh production server sells nothing and asks the admin to set up payments', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', ADMIN_PASSWORD: TEST_ADMIN.password },
    });
    try {
      const { app } = t;
      expect((await app.inject({ url: '/api/plans' })).json()).toMatchObject({ provider: 'none' });
      const user = await signUp(app);
      const buy = await app.inject({
        method: 'POST',
        url: '/api/checkouts',
        headers: { cookie: user.cookie },
        payload: { planId: 'credits-1000' },
      });
      expect(buy.statusCode).toBe(503);
      // The buyer is told only that purchases are unavailable: the operator's reason is logged.
      expect(buy.json().error.message).toBe(checkoutTexts.unavailableTitle);
      expect(buy.body).not.toContain(checkoutTexts.notConfigured);
      const cookie = await adminCookie(app);
      const overview = (
        await app.inject({ url: '/api/admin/overview', headers: { cookie } })
      ).json();
      expect(overview.payments).toEqual({
        provider: 'none',
        configured: false,
        sandboxInProduction: false,
        testMode: false,
      });
      // The sandbox's pages and webhook are closed.
      expect(
        (await deliver(app, { meta: {} }, { provider: 'sandbox', signature: null })).statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('chosen in Admin → Integrations, the sandbox sells and is announced; cleared, nothing is on sale', async () => {
    const t = await createTestApp({
      env: { NODE_ENV: 'production', ADMIN_PASSWORD: TEST_ADMIN.password },
    });
    try {
      const { app } = t;
      const cookie = await adminCookie(app);
      const choose = (paymentProvider: string) =>
        app.inject({
          method: 'PUT',
          url: integrationsApiPaths.settings,
          headers: { cookie },
          payload: { paymentProvider },
        });
      const status = async () =>
        (await app.inject({ url: '/api/admin/payments-status', headers: { cookie } })).json();
      const user = await signUp(app);
      const buy = () =>
        app.inject({
          method: 'POST',
          url: '/api/checkouts',
          headers: { cookie: user.cookie },
          payload: { planId: 'credits-10' },
        });
      expect((await buy()).statusCode).toBe(503);

      expect((await choose('sandbox')).statusCode).toBe(200);
      expect(await status()).toMatchObject({ provider: 'sandbox', sandboxInProduction: true });
      expect((await buy()).statusCode).toBe(201);

      // Cleared: back to the production default, not to the sandbox.
      expect((await choose('')).statusCode).toBe(200);
      expect(await status()).toMatchObject({ provider: 'none', configured: false });
      expect((await buy()).statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });

  it('the sandbox chosen in production is announced to every admin page', async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'sandbox',
        ADMIN_PASSWORD: TEST_ADMIN.password,
      },
    });
    try {
      const cookie = await adminCookie(t.app);
      const status = await t.app.inject({ url: '/api/admin/payments-status', headers: { cookie } });
      expect(status.json()).toEqual({
        provider: 'sandbox',
        configured: true,
        sandboxInProduction: true,
        testMode: true,
      });
      const user = await signUp(t.app);
      const denied = await t.app.inject({
        url: '/api/admin/payments-status',
        headers: { cookie: user.cookie },
      });
      expect(denied.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
