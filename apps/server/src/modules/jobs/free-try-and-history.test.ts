import { freeTryTexts, historyResponseSchema, jobSchema } from '@cutout/contracts';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { onBothDialects, randomIp, signUp, type SignedUp } from '../../test/accounts.js';
import { multipart, uploadJob, useTestEngine } from '../../test/processing.js';
import { createTestApp, tempDir, type TestApp } from '../../test/test-app.js';
import { sumLedger } from '../credits/credits.repository.js';
import { visitorCookieName } from './free-try.js';

// A visitor's free try (decision 0155) and the account's history (decision 0156), through HTTP
// on a real engine (u2netp) and both databases.

// 1.08 MP: a preview (at most 0.25 MP) is visibly smaller.
const shared = useTestEngine({ picture: { width: 1200, height: 900 } });

const upload = () => ({ name: 'beach.jpg', type: 'image/jpeg', data: shared.picture.file });

/** POST /api/jobs without an account, from `ip`, with the visitor's cookie if any. */
function tryFree(t: TestApp, ip: string, cookie?: string) {
  const body = multipart(upload());
  return t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    payload: body.payload,
    remoteAddress: ip,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

function visitorCookie(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : [raw].flat();
  const cookie = list.find((c) => c.startsWith(`${visitorCookieName}=`));
  if (!cookie) throw new Error('no visitor cookie');
  return cookie;
}

const get = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

onBothDialects(
  'a free try without an account',
  (getApp) => {
    it('gives one preview a day per address, reachable only with the visitor’s token, for nothing', async () => {
      const t = getApp();
      const ip = randomIp();
      const created = await tryFree(t, ip);
      expect(created.statusCode).toBe(202);
      const setCookie = visitorCookie(created);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/Path=\/api\/jobs/);
      expect(setCookie).toMatch(/Max-Age=86400/);
      const cookie = setCookie.split(';')[0]!;
      const job = jobSchema.parse(created.json());
      const done = await t.app.processing.jobs.waitUntilFinished(job.id);
      expect(done.status).toBe('completed');
      expect(done.user_id).toBeNull();
      // The server keeps the token's hash, never the token.
      expect(done.visitor_token_hash).not.toContain(cookie.split('=')[1]);

      const mine = await get(t, `/api/jobs/${job.id}`, cookie);
      expect(mine.statusCode).toBe(200);
      const view = jobSchema.parse(mine.json());
      expect(view.result).not.toBeNull();
      const file = await get(t, view.result!.transparent_bg, cookie);
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.width * meta.height).toBeLessThanOrEqual(250_000);
      expect(meta.width / meta.height).toBeCloseTo(1200 / 900, 1);

      // Another visitor (their own token) learns nothing; without any token: sign up.
      const other = visitorCookie(await tryFree(t, randomIp())).split(';')[0]!;
      for (const url of [`/api/jobs/${job.id}`, view.result!.transparent_bg, view.original!]) {
        expect((await get(t, url, other)).statusCode).toBe(404);
        expect((await get(t, url)).statusCode).toBe(401);
      }
      const cancelByOther = await t.app.inject({
        method: 'DELETE',
        url: `/api/jobs/${job.id}`,
        headers: { cookie: other },
      });
      expect(cancelByOther.statusCode).toBe(404);

      // The second try the same day from the same address is refused, with the sign-up offer,
      // whatever the cookie says.
      for (const again of [cookie, undefined]) {
        const refused = await tryFree(t, ip, again);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error).toEqual({
          code: 'free_try_used',
          message: freeTryTexts.usedUp,
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400);
      }
      // Nothing was charged to anyone: the ledger has no row for the job.
      const ledger = await t.app.database.db
        .selectFrom('credit_ledger')
        .select('id')
        .where('reference', '=', job.id)
        .execute();
      expect(ledger).toEqual([]);
    });

    it('an IPv6 visitor counts by /64', async () => {
      const t = getApp();
      const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
      const first = await tryFree(t, `${prefix}::a`);
      expect(first.statusCode).toBe(202);
      await t.app.processing.jobs.waitUntilFinished(jobSchema.parse(first.json()).id);
      expect((await tryFree(t, `${prefix}:0:0:0:b`)).statusCode).toBe(429);
    });

    it('a cancelled try is given back; two tries racing get one job', async () => {
      const t = getApp();
      // Another visitor's try holds the file's one engine worker, so this one is still waiting
      // or running when it is cancelled, never already done (it finished first, now and then,
      // when three test files ran side by side).
      const ahead = await tryFree(t, randomIp());
      expect(ahead.statusCode).toBe(202);
      const ip = randomIp();
      const created = await tryFree(t, ip);
      expect(created.statusCode).toBe(202);
      const cookie = visitorCookie(created).split(';')[0]!;
      const cancel = await t.app.inject({
        method: 'DELETE',
        url: `/api/jobs/${jobSchema.parse(created.json()).id}`,
        headers: { cookie },
      });
      expect(cancel.statusCode).toBe(200);
      const ended = jobSchema.parse(cancel.json());
      // The stored end, even when a run had just claimed the job (PostgreSQL hung here: the
      // answer was that run's live 'processing', and no end was ever told to waiters).
      expect(ended.status).toBe('cancelled');
      await t.app.processing.jobs.waitUntilFinished(ended.id);
      const racing = await Promise.all([tryFree(t, ip), tryFree(t, ip), tryFree(t, ip)]);
      const codes = racing.map((r) => r.statusCode).sort();
      expect(codes).toEqual([202, 429, 429]);
      const winner = racing.find((r) => r.statusCode === 202)!;
      await t.app.processing.jobs.waitUntilFinished(jobSchema.parse(winner.json()).id);
      await t.app.processing.jobs.waitUntilFinished(jobSchema.parse(ahead.json()).id);
      // Three full-size images run here one after the other on a shared test machine.
    }, 90_000);

    it('leaves nothing past the retention: the job row and the day’s tries go', async () => {
      const t = getApp();
      const created = await tryFree(t, randomIp());
      const id = jobSchema.parse(created.json()).id;
      await t.app.processing.jobs.waitUntilFinished(id);
      const later = new Date(Date.now() + 49 * 3_600_000);
      await t.app.processing.jobs.cleanup(later);
      const db = t.app.database.db;
      expect(await db.selectFrom('jobs').select('id').where('id', '=', id).execute()).toEqual([]);
      const tries = await db.selectFrom('free_tries').select('job_id').execute();
      expect(tries.map((r) => r.job_id)).not.toContain(id);
    });
  },
  shared.appOptions,
);

describe('the free try limit across a restart (SQLite)', () => {
  it('is kept in the database', async () => {
    const data = tempDir();
    const ip = randomIp();
    try {
      let t = await createTestApp({ engine: shared.engine, env: { DATA_DIR: data.dir } });
      const first = await tryFree(t, ip);
      expect(first.statusCode).toBe(202);
      await t.app.processing.jobs.waitUntilFinished(jobSchema.parse(first.json()).id);
      await t.close();
      t = await createTestApp({ engine: shared.engine, env: { DATA_DIR: data.dir } });
      try {
        expect((await tryFree(t, ip)).statusCode).toBe(429);
      } finally {
        await t.close();
      }
    } finally {
      data.remove();
    }
  });
});

async function processed(t: TestApp, user: SignedUp, name = 'shelf.jpg'): Promise<string> {
  const res = await uploadJob(t.app, user.cookie, { ...upload(), name });
  expect(res.statusCode).toBe(202);
  const id = jobSchema.parse(res.json()).id;
  expect((await t.app.processing.jobs.waitUntilFinished(id)).status).toBe('completed');
  return id;
}

async function history(t: TestApp, user: SignedUp) {
  const res = await get(t, '/api/me/history', user.cookie);
  expect(res.statusCode).toBe(200);
  return historyResponseSchema.parse(res.json());
}

onBothDialects(
  'history',
  (getApp) => {
    it("lists only the caller's completed jobs within the retention, with credits charged", async () => {
      const t = getApp();
      const ada = await signUp(t.app);
      const bob = await signUp(t.app);
      const first = await processed(t, ada, 'first.jpg');
      const second = await processed(t, ada, 'second.png');
      const bobs = await processed(t, bob, 'bob.jpg');

      const list = await history(t, ada);
      expect(list.items.map((i) => i.id)).toEqual([second, first]);
      expect(list.total).toBe(2);
      expect(list.retentionHours).toBe(24);
      const item = list.items[1]!;
      expect(item).toMatchObject({
        originalName: 'first.jpg',
        width: 1200,
        height: 900,
        inputBytes: shared.picture.file.byteLength,
        size: 'full',
        via: 'web',
        creditsCharged: 1,
      });
      expect(item.downloadNames.white_bg).toBe('first_white_bg.png');
      const download = await get(t, `${item.result.white_bg}?download=1`, ada.cookie);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('first_white_bg.png');

      const thumb = await get(t, item.thumbnail, ada.cookie);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(Math.max(meta.width, meta.height)).toBe(320);
      expect(meta.hasAlpha).toBe(true);
      expect((await get(t, item.thumbnail, bob.cookie)).statusCode).toBe(404);

      expect((await history(t, bob)).items.map((i) => i.id)).toEqual([bobs]);

      // Past its retention a job leaves the list, even before the sweep has run.
      await t.app.database.db
        .updateTable('jobs')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', first)
        .execute();
      expect((await history(t, ada)).items.map((i) => i.id)).toEqual([second]);
    });

    it('delete removes the files and the listing, keeps the ledger; another’s job is 404', async () => {
      const t = getApp();
      const ada = await signUp(t.app);
      const bob = await signUp(t.app);
      const id = await processed(t, ada);
      const [item] = (await history(t, ada)).items;
      const ledgerBefore = await sumLedger(t.app.database.db, ada.id);

      const del = (user: SignedUp, jobId: string) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/me/history/${jobId}`,
          headers: { cookie: user.cookie },
        });
      expect((await del(bob, id)).statusCode).toBe(404);
      expect((await get(t, item!.result.refined, ada.cookie)).statusCode).toBe(200);

      expect((await del(ada, id)).statusCode).toBe(204);
      expect((await history(t, ada)).items).toEqual([]);
      for (const url of [item!.result.refined, item!.thumbnail, `/api/jobs/${id}/original`]) {
        expect((await get(t, url, ada.cookie)).statusCode).toBe(404);
      }
      expect(await t.app.processing.store.read(`${id}/refined.png`)).toBeUndefined();
      expect(await t.app.processing.store.read(`${id}/original`)).toBeUndefined();
      expect(await sumLedger(t.app.database.db, ada.id)).toBe(ledgerBefore);
      expect((await del(ada, id)).statusCode).toBe(404);
    });
  },
  shared.appOptions,
);

onBothDialects(
  'history with RESULTS_RETENTION_HOURS=2',
  (getApp) => {
    it('keeps an image listed for two hours, not 24', async () => {
      const t = getApp();
      const ada = await signUp(t.app);
      const id = await processed(t, ada, 'two-hours.jpg');
      const list = await history(t, ada);
      expect(list.retentionHours).toBe(2);
      const [item] = list.items;
      expect(item?.id).toBe(id);
      const kept = Date.parse(item!.expiresAt) - Date.parse(item!.createdAt);
      expect(Math.abs(kept - 2 * 3_600_000)).toBeLessThan(60_000);

      // The sweep an hour from now leaves it; the one past two hours takes it off the list.
      await t.app.processing.jobs.cleanup(new Date(Date.now() + 3_600_000));
      expect((await history(t, ada)).items.map((i) => i.id)).toEqual([id]);
      await t.app.processing.jobs.cleanup(new Date(Date.now() + 2.1 * 3_600_000));
      expect((await history(t, ada)).items).toEqual([]);
      expect((await get(t, item!.result.refined, ada.cookie)).statusCode).toBe(404);
    });
  },
  {
    get engine() {
      return shared.appOptions.engine;
    },
    env: { RESULTS_RETENTION_HOURS: '2' },
  },
);
