import { createHash } from 'node:crypto';
import {
  accountDeletionStatement,
  accountTexts,
  adminSubscriptionsApiPaths,
  auditActions,
  dataExportName,
  deletedUserEmail,
  deletedUserName,
  jobsApiPaths,
  leavingTexts,
  publicApiPaths,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import {
  adminCookie,
  onBothDialects,
  signIn,
  signUp,
  TEST_ADMIN,
  type SignedUp,
} from '../../test/accounts.js';
import { insertJob } from '../../test/admin.js';
import { readPdf } from '../../test/pdf.js';
import { unzip } from '../../test/unzip.js';
import { createApiKey } from '../api-keys/api-keys.service.js';
import { auditEntries } from '../audit/audit.service.js';
import { originalKey, versionKey } from '../jobs/result-files.js';
import { exportFiles, ledgerCsvHeader } from './data-export.js';

// Leaving with one's data (issue 38 item 4, decision 0270): the export's contents with a paid
// sandbox order, and the self-deletion — refused with a wrong password, then everything the
// contracts' accountDeletionStatement says, checked one statement line at a time — on SQLite
// and PostgreSQL.

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

/** A completed job in the user's history with its original and three results stored. */
async function storedImage(app: FastifyInstance, userId: string) {
  const jobId = await insertJob(app.database.db, userId, 'completed', new Date());
  const files = {
    original: Buffer.from(`jpeg bytes of ${jobId}`),
    refined: Buffer.from(`refined ${jobId}`),
    white_bg: Buffer.from(`white ${jobId}`),
    transparent_bg: Buffer.from(`transparent ${jobId}`),
  };
  const { store } = app.processing;
  await store.put(originalKey(jobId), files.original);
  for (const variant of ['refined', 'white_bg', 'transparent_bg'] as const) {
    await store.put(versionKey(jobId, 0, variant), files[variant]);
  }
  return { jobId, files };
}

const deleteMe = (app: FastifyInstance, cookie: string, password: string) =>
  app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie }, payload: { password } });

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

onBothDialects(
  'leaving with one’s data',
  (get) => {
    let admin: string;
    beforeAll(async () => {
      // The sandbox posts its webhooks to the address the server listens on.
      await get().app.listen({ host: '127.0.0.1', port: 0 });
      admin = await adminCookie(get().app);
    });

    it('GET /api/me/export: profile, orders, invoice PDFs, refund requests, ledger CSV, key names, images', async () => {
      const { app } = get();
      const user = await signUp(app, { name: 'Grace Hopper' });
      const order = await buy(app, user);
      const asked = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: user.cookie },
        payload: { reason: 'Bought the wrong pack' },
      });
      expect(asked.statusCode).toBe(201);
      const { key } = await createApiKey(app.database.db, user.id, 'Zapier');
      const image = await storedImage(app, user.id);
      const other = await signUp(app);
      await storedImage(app, other.id);

      const res = await app.inject({ url: '/api/me/export', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${dataExportName(new Date())}"`,
      );
      const zip = await unzip(res.rawPayload);

      const profile = JSON.parse(zip.get(exportFiles.profile)!.toString());
      expect(profile).toMatchObject({ id: user.id, name: 'Grace Hopper', email: user.email });
      expect(profile.credits).toBe(20);

      const orders = JSON.parse(zip.get(exportFiles.orders)!.toString());
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        id: order.id,
        receiptNumber: order.receiptNumber,
        credits: 10,
        status: 'paid',
      });
      const invoiceRows = await app.database.db
        .selectFrom('invoices')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(invoiceRows).toHaveLength(1);
      const [invoicePath] = orders[0].invoices as string[];
      expect(invoicePath).toBe(
        `${exportFiles.invoicesDir}cutout-invoice-${invoiceRows[0]!.number}.pdf`,
      );
      const pdf = await readPdf(zip.get(invoicePath!)!);
      expect(pdf.text).toContain(invoiceRows[0]!.number);
      expect(pdf.text).toContain(order.receiptNumber);
      expect(pdf.text).toContain(user.email);

      const refunds = JSON.parse(zip.get(exportFiles.refundRequests)!.toString());
      expect(refunds).toEqual([
        expect.objectContaining({
          orderId: order.id,
          status: 'requested',
          reason: 'Bought the wrong pack',
        }),
      ]);

      const csv = zip.get(exportFiles.ledger)!.toString().trimEnd().split('\r\n');
      expect(csv[0]).toBe(ledgerCsvHeader.join(','));
      const ledger = await app.database.db
        .selectFrom('credit_ledger')
        .select(['kind', 'amount', 'balance_after'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(csv).toHaveLength(ledger.length + 1);
      expect(csv.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual(
        ledger.map((r) => [r.kind, String(r.amount), String(r.balance_after)]),
      );
      expect(csv.some((line) => line.includes(',purchase,10,20,'))).toBe(true);

      const keys = zip.get(exportFiles.apiKeys)!.toString();
      expect(JSON.parse(keys)).toEqual([
        { name: 'Zapier', createdAt: expect.any(String), lastUsedAt: null, revokedAt: null },
      ]);
      const keyRow = await app.database.db
        .selectFrom('api_keys')
        .select(['key_hash', 'prefix'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      // Never the key, its hash or its prefix, anywhere in the zip.
      for (const content of zip.values()) {
        const text = content.toString('latin1');
        expect(text).not.toContain(key);
        expect(text).not.toContain(keyRow.key_hash);
        expect(text).not.toContain(keyRow.prefix);
      }

      // The images in history: the original under its detected type's extension and the
      // three results, byte for byte; nothing of the other account.
      const images = [...zip.keys()].filter((n) => n.startsWith(exportFiles.imagesDir)).sort();
      expect(images).toEqual([
        'images/photo/photo.jpg',
        'images/photo/photo_refined.png',
        'images/photo/photo_transparent_bg.png',
        'images/photo/photo_white_bg.png',
      ]);
      expect(sha256(zip.get('images/photo/photo.jpg')!)).toBe(sha256(image.files.original));
      expect(zip.get('images/photo/photo_refined.png')).toEqual(image.files.refined);
      expect(zip.get('images/photo/photo_white_bg.png')).toEqual(image.files.white_bg);
      expect(zip.get('images/photo/photo_transparent_bg.png')).toEqual(image.files.transparent_bg);

      // Signed in only; a few per hour per account.
      expect((await app.inject({ url: '/api/me/export' })).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) {
        const again = await app.inject({ url: '/api/me/export', headers: { cookie: user.cookie } });
        expect(again.statusCode).toBe(200);
      }
      const tooMany = await app.inject({ url: '/api/me/export', headers: { cookie: user.cookie } });
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json().error.message).toBe(leavingTexts.exportTooOften);
    });

    it('DELETE /api/me with a wrong password changes nothing', async () => {
      const { app } = get();
      const db = app.database.db;
      const user = await signUp(app);
      const { key } = await createApiKey(db, user.id, 'kept');
      const image = await storedImage(app, user.id);
      const snapshot = async () => ({
        users: await db.selectFrom('users').selectAll().where('id', '=', user.id).execute(),
        sessions: await db
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', user.id)
          .execute(),
        keys: await db.selectFrom('api_keys').selectAll().where('user_id', '=', user.id).execute(),
        jobs: await db.selectFrom('jobs').select('id').where('user_id', '=', user.id).execute(),
        departed: await db.selectFrom('departed_addresses').selectAll().execute(),
      });
      const before = await snapshot();

      for (const password of ['not my password', '']) {
        const res = await deleteMe(app, user.cookie, password);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          message: leavingTexts.wrongPassword,
          fields: { password: leavingTexts.wrongPassword },
        });
      }
      // Not signed in: 401; from another site: refused before anything is read.
      expect(
        (
          await app.inject({
            method: 'DELETE',
            url: '/api/me',
            payload: { password: user.password },
          })
        ).statusCode,
      ).toBe(401);
      const crossSite = await app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: { cookie: user.cookie, origin: 'https://evil.example' },
        payload: { password: user.password },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      expect(await app.processing.store.read(originalKey(image.jobId))).toEqual(
        image.files.original,
      );
      expect(
        (
          await app.inject({
            url: publicApiPaths.usage,
            headers: { authorization: `Bearer ${key}` },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('DELETE /api/me erases and keeps exactly what accountDeletionStatement says', async () => {
      const { app } = get();
      const db = app.database.db;
      const user = await signUp(app, { name: 'Margaret Hamilton' });
      const order = await buy(app, user);
      const { key } = await createApiKey(db, user.id, 'ci');
      const image = await storedImage(app, user.id);
      const asked = await app.inject({
        method: 'POST',
        url: `/api/me/orders/${order.id}/refund-request`,
        headers: { cookie: user.cookie },
        payload: { reason: 'Leaving' },
      });
      expect(asked.statusCode).toBe(201);
      const billing = await app.inject({
        method: 'PUT',
        url: '/api/me/billing-profile',
        headers: { cookie: user.cookie },
        payload: { name: 'Hamilton Ltd', address: '1 Apollo Way', vatNumber: '' },
      });
      expect(billing.statusCode).toBe(200);
      // An admin acts on the account first, so the audit log names it.
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/admin/users/${user.id}/reset-usage`,
            headers: { cookie: admin },
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
      const invoicesBefore = await db
        .selectFrom('invoices')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(invoicesBefore).toHaveLength(1);
      const ledgerIds = (
        await db.selectFrom('credit_ledger').select('id').where('user_id', '=', user.id).execute()
      ).map((r) => r.id);
      const second = await signIn(app, user.email, user.password);
      expect(second.statusCode).toBe(200);

      const res = await deleteMe(app, user.cookie, user.password);
      expect(res.statusCode).toBe(204);
      // The browser's cookie is cleared with the answer.
      const cleared = [res.headers['set-cookie']].flat().join('\n');
      expect(cleared).toMatch(/cutout\.session_token=;/);
      const pseudonym = deletedUserEmail(user.id);

      const checks: Record<string, () => Promise<void>> = {
        [accountDeletionStatement.erasedNow[0]]: async () => {
          expect(
            await db.selectFrom('jobs').select('id').where('id', '=', image.jobId).execute(),
          ).toEqual([]);
          expect(await app.processing.store.read(originalKey(image.jobId))).toBeUndefined();
          expect(
            await app.processing.store.read(versionKey(image.jobId, 0, 'refined')),
          ).toBeUndefined();
          const asAdmin = await app.inject({
            url: jobsApiPaths.result(image.jobId, 'refined'),
            headers: { cookie: admin },
          });
          expect(asAdmin.statusCode).toBe(404);
        },
        [accountDeletionStatement.erasedNow[1]]: async () => {
          const call = await app.inject({
            url: publicApiPaths.usage,
            headers: { authorization: `Bearer ${key}` },
          });
          expect(call.statusCode).toBe(401);
          expect(
            await db.selectFrom('api_keys').select('id').where('user_id', '=', user.id).execute(),
          ).toEqual([]);
        },
        [accountDeletionStatement.erasedNow[2]]: async () => {
          for (const cookie of [
            user.cookie,
            second.headers['set-cookie']!.toString().split(';')[0]!,
          ]) {
            const session = await app.inject({ url: '/api/auth/session', headers: { cookie } });
            expect(session.json().user).toBeNull();
          }
          expect(
            await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute(),
          ).toEqual([]);
        },
        [accountDeletionStatement.erasedNow[3]]: async () => {
          expect((await signIn(app, user.email, user.password)).statusCode).toBe(401);
          expect(
            await db.selectFrom('users').select('id').where('id', '=', user.id).execute(),
          ).toEqual([]);
          expect(
            await db
              .selectFrom('auth_accounts')
              .select('id')
              .where('user_id', '=', user.id)
              .execute(),
          ).toEqual([]);
          expect(
            await db
              .selectFrom('billing_profiles')
              .select('user_id')
              .where('user_id', '=', user.id)
              .execute(),
          ).toEqual([]);
        },
        [accountDeletionStatement.erasedNow[4]]: async () => {
          expect(
            await db
              .selectFrom('credit_lots')
              .select('id')
              .where('user_id', '=', user.id)
              .execute(),
          ).toEqual([]);
        },
        [accountDeletionStatement.kept[0]]: async () => {
          const after = await db
            .selectFrom('invoices')
            .selectAll()
            .where('order_id', '=', order.id)
            .execute();
          expect(after).toEqual(invoicesBefore);
          const pdf = await app.inject({
            url: adminSubscriptionsApiPaths.invoice(invoicesBefore[0]!.id),
            headers: { cookie: admin },
          });
          expect(pdf.statusCode).toBe(200);
          // As issued: the buyer's address the invoice was made out to.
          expect((await readPdf(pdf.rawPayload)).text).toContain(user.email);
        },
        [accountDeletionStatement.kept[1]]: async () => {
          const kept = await db
            .selectFrom('orders')
            .selectAll()
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow();
          expect(kept).toMatchObject({
            user_id: null,
            buyer_name: deletedUserName,
            buyer_email: pseudonym,
            receipt_number: order.receiptNumber,
          });
          const ledger = await db
            .selectFrom('credit_ledger')
            .select(['id', 'user_id'])
            .where('id', 'in', ledgerIds)
            .execute();
          expect(ledger).toHaveLength(ledgerIds.length);
          expect(ledger.every((r) => r.user_id === null)).toBe(true);
          const refundRows = await db
            .selectFrom('refund_requests')
            .select(['user_id', 'buyer_reason'])
            .where('order_id', '=', order.id)
            .execute();
          expect(refundRows).toEqual([{ user_id: null, buyer_reason: 'Leaving' }]);
          // The admin's order list shows the replaced name.
          const list = await app.inject({
            url: `${adminSubscriptionsApiPaths.subscriptions}?search=${encodeURIComponent(order.receiptNumber)}`,
            headers: { cookie: admin },
          });
          expect(list.statusCode).toBe(200);
          expect(list.body).toContain(deletedUserName);
          expect(list.body).not.toContain(user.email);
          // The audit log: no entry names the address or the name any more.
          const entries = await auditEntries(db, { targetId: user.id, limit: 200 });
          expect(entries.map((e) => e.action)).toEqual([
            auditActions.userDelete,
            auditActions.userResetUsage,
          ]);
          expect(entries[0]).toMatchObject({
            actorId: user.id,
            actorEmail: pseudonym,
            detail: { email: pseudonym, by: 'self', deleted: { jobs: 1 } },
          });
          const all = JSON.stringify(await auditEntries(db, { limit: 200 }));
          expect(all).not.toContain(user.email);
          expect(all).not.toContain('Margaret Hamilton');
        },
        [accountDeletionStatement.kept[2]]: async () => {
          const rows = await db.selectFrom('departed_addresses').selectAll().execute();
          expect(JSON.stringify(rows)).not.toContain(user.email);
          // The address signs up again, as a new account, without the free credits.
          const again = await signUp(app, {
            email: user.email.toUpperCase(),
            password: user.password,
          });
          expect(again.id).not.toBe(user.id);
          const me = await app.inject({ url: '/api/me', headers: { cookie: again.cookie } });
          expect(me.json().credits).toBe(0);
          expect(
            await db
              .selectFrom('credit_ledger')
              .select('id')
              .where('user_id', '=', again.id)
              .execute(),
          ).toEqual([]);
          // Another address still gets them.
          const fresh = await signUp(app);
          expect(
            (await app.inject({ url: '/api/me', headers: { cookie: fresh.cookie } })).json()
              .credits,
          ).toBe(10);
        },
      };
      // One check per line of the statement the settings dialog and the privacy policy show.
      expect(Object.keys(checks)).toEqual([
        ...accountDeletionStatement.erasedNow,
        ...accountDeletionStatement.kept,
      ]);
      for (const check of Object.values(checks)) await check();
    });

    it('Admin → Users’ delete runs the same erasure', async () => {
      const { app } = get();
      const db = app.database.db;
      const user = await signUp(app, { name: 'Katherine Johnson' });
      const order = await buy(app, user);
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${user.id}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(204);
      expect(
        await db
          .selectFrom('orders')
          .select(['buyer_name', 'buyer_email'])
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow(),
      ).toEqual({ buyer_name: deletedUserName, buyer_email: deletedUserEmail(user.id) });
      const [entry] = await auditEntries(db, {
        actionPrefix: auditActions.userDelete,
        targetId: user.id,
      });
      expect(entry).toMatchObject({
        actorEmail: TEST_ADMIN.email,
        detail: { email: deletedUserEmail(user.id), by: 'admin' },
      });
      expect(JSON.stringify(entry)).not.toContain(user.email);
      const again = await signUp(app, { email: user.email });
      expect(
        (await app.inject({ url: '/api/me', headers: { cookie: again.cookie } })).json().credits,
      ).toBe(0);
    });

    it('the last admin cannot delete their own account', async () => {
      const { app } = get();
      const res = await deleteMe(app, admin, TEST_ADMIN.password);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(accountTexts.lastAdmin);
      expect((await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
    });
  },
  { env: { PAYMENTS_PROVIDER: 'sandbox' } },
);
