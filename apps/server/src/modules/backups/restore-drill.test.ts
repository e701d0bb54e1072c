import { createHash, randomBytes } from 'node:crypto';
import { jobSchema } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import {
  adminCookie,
  createAccountsApp,
  signUp,
  TEST_ADMIN,
  type SignedUp,
} from '../../test/accounts.js';
import { readPdf } from '../../test/pdf.js';
import { uploadJob, useTestEngine } from '../../test/processing.js';
import { createTestApp, tempDir, testConfig, testDatabaseUrl } from '../../test/test-app.js';
import { createApiKey } from '../api-keys/api-keys.service.js';
import { LocalDiskStore } from '../storage/object-store.js';
import { backupNow } from './backups.service.js';
import { restoreBackup } from './restore.js';

// The restore drill of issue 38: fill a data directory (a paid order with its invoice, a refunded
// one, a processed image in the history, an API key, sessions), back it up while requests are
// being served, restore it into an empty directory and into an empty PostgreSQL schema, start a
// server on each, and compare what customers see: balances, orders, invoice PDFs, image bytes,
// sessions and API keys. From SQLite, and from PostgreSQL when TEST_DATABASE_URL is set.

const engine = useTestEngine();
const SECRET = `drill-${randomBytes(24).toString('hex')}`;
const env = {
  PAYMENTS_PROVIDER: 'sandbox',
  AUTH_SECRET: SECRET,
  ADMIN_PASSWORD: TEST_ADMIN.password,
};
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

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

interface Filled {
  buyer: SignedUp;
  apiKey: string;
  jobId: string;
  original: string;
}

async function fill(app: FastifyInstance): Promise<Filled> {
  const admin = await adminCookie(app);
  const buyer = await signUp(app, { name: 'Grace Hopper' });
  await buy(app, buyer, 'credits-100');
  const refunded = await buy(app, buyer);
  const asked = await app.inject({
    method: 'POST',
    url: `/api/me/orders/${refunded.id}/refund-request`,
    headers: { cookie: buyer.cookie },
    payload: { reason: 'Bought twice' },
  });
  expect(asked.statusCode).toBe(201);
  const requestId = (
    await app.inject({
      url: `/api/admin/subscriptions?request=requested&search=${encodeURIComponent(refunded.receiptNumber)}`,
      headers: { cookie: admin },
    })
  ).json().subscriptions[0].refundRequest.id as string;
  const approved = await app.inject({
    method: 'POST',
    url: `/api/admin/refund-requests/${requestId}/approve`,
    headers: { cookie: admin },
  });
  expect(approved.statusCode).toBe(202);
  await vi.waitFor(
    async () => {
      const orders = (
        await app.inject({ url: '/api/me/orders', headers: { cookie: buyer.cookie } })
      ).json().orders as { id: string; status: string }[];
      expect(orders.find((o) => o.id === refunded.id)?.status).toBe('refunded');
    },
    { timeout: 10_000, interval: 50 },
  );
  const job = jobSchema.parse(
    (
      await uploadJob(app, buyer.cookie, {
        name: 'photo.jpg',
        type: 'image/jpeg',
        data: engine.picture.file,
      })
    ).json(),
  );
  await app.processing.jobs.waitUntilFinished(job.id);
  const { key } = await createApiKey(app.database.db, buyer.id, 'drill');
  return { buyer, apiKey: key, jobId: job.id, original: job.original! };
}

/** What the buyer and their API key see, with every PDF read as text and every image hashed. */
async function facts(app: FastifyInstance, filled: Filled) {
  const cookie = { cookie: filled.buyer.cookie };
  const me = await app.inject({ url: '/api/me', headers: cookie });
  expect(me.statusCode, 'the session still signs in').toBe(200);
  const orders = (await app.inject({ url: '/api/me/orders', headers: cookie })).json().orders as {
    id: string;
  }[];
  const receipts: string[][] = [];
  for (const order of orders) {
    const pdf = await app.inject({ url: `/api/me/orders/${order.id}/receipt`, headers: cookie });
    expect(pdf.statusCode).toBe(200);
    receipts.push((await readPdf(pdf.rawPayload)).lines);
  }
  const images: Record<string, string> = {};
  for (const url of [filled.original, `/api/jobs/${filled.jobId}/results/refined`]) {
    const image = await app.inject({ url, headers: cookie });
    expect(image.statusCode, url).toBe(200);
    images[url] = sha(image.rawPayload);
  }
  const account = await app.inject({
    url: '/api/v1/account',
    headers: { 'x-api-key': filled.apiKey },
  });
  expect(account.statusCode, 'the API key still works').toBe(200);
  return {
    me: me.json<{ credits: number; email: string }>(),
    orders,
    receipts,
    images,
    account: account.json<unknown>(),
  };
}

const dialects = testDatabaseUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
if (!testDatabaseUrl) {
  describe.skip('restore drill on PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
    it('restores into PostgreSQL', () => {});
  });
}

const schemas: string[] = [];
afterAll(async () => {
  if (!testDatabaseUrl || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

/** An empty target: a new DATA_DIR and, for PostgreSQL, a new empty schema. */
async function emptyTarget(dialect: 'sqlite' | 'postgres') {
  const dir = tempDir('cutout-restore-');
  let database: DatabaseConfig | undefined;
  if (dialect === 'postgres') {
    const schema = `restore_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    schemas.push(schema);
    database = { dialect: 'postgres', url: testDatabaseUrl!, schema };
  }
  const config = testConfig({ ...env, DATA_DIR: dir.dir });
  return { dir, config: { ...config, database: database ?? config.database } };
}

for (const source of dialects) {
  describe(`restore drill from ${source === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, () => {
    it('backs up while serving, restores into SQLite and PostgreSQL, and every customer fact is the same', async () => {
      const src = await createAccountsApp(source, { engine: engine.engine, env });
      const cleanups: (() => Promise<void> | void)[] = [() => src.close()];
      try {
        await src.app.listen({ host: '127.0.0.1', port: 0 });
        const filled = await fill(src.app);
        const before = await facts(src.app, filled);
        expect(before.orders).toHaveLength(2);
        // The sign-up's free credits, 100 bought, the refunded pack's taken back, one image spent.
        expect(before.me.credits).toBe(10 + 100 - 1);

        // Requests keep being answered while the backup reads its snapshot.
        let serving = true;
        const answered: number[] = [];
        const load = (async () => {
          while (serving) {
            const res = await src.app.inject({
              url: '/api/me',
              headers: { cookie: filled.buyer.cookie },
            });
            answered.push(res.statusCode);
          }
        })();
        const backup = await backupNow({
          config: src.config,
          database: src.app.database.config,
          store: src.app.processing.store,
        }).finally(() => (serving = false));
        await load;
        expect(answered.length).toBeGreaterThan(0);
        expect(new Set(answered)).toEqual(new Set([200]));
        expect(backup.manifest.tables.orders?.rows).toBe(2);
        expect(backup.manifest.files).toBeGreaterThanOrEqual(2);

        for (const target of dialects) {
          const { dir, config } = await emptyTarget(target);
          cleanups.push(() => dir.remove());
          await restoreBackup({
            archive: backup.file,
            config,
            store: new LocalDiskStore(config.jobs.resultsDir),
          });
          const restored = await createTestApp({
            engine: engine.engine,
            env: { ...env, DATA_DIR: dir.dir },
            ...(config.database.dialect === 'postgres'
              ? { database: openDatabase(config.database) }
              : {}),
          });
          cleanups.push(() => restored.close());
          expect(await facts(restored.app, filled), `restored into ${target}`).toEqual(before);
        }
      } finally {
        for (const cleanup of cleanups.reverse()) await cleanup();
      }
    }, 120_000);
  });
}
