import {
  apiKeyTexts,
  editorTexts,
  jobSchema,
  removeBackgroundResponseSchema,
} from '@cutout/contracts';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { blackPng } from '../../../../../packages/engine/test/png-bytes.js';
import { iou } from '../../../../../packages/engine/test/synthetic.js';
import {
  creditsOf,
  onBothDialects,
  setCredits,
  signUp,
  type SignedUp,
} from '../../test/accounts.js';
import { multipart, uploadJob, useTestEngine } from '../../test/processing.js';
import type { TestApp } from '../../test/test-app.js';
import { createApiKey } from '../api-keys/api-keys.service.js';
import { sumLedger } from '../credits/credits.repository.js';

// The processing service end to end through HTTP, on a real engine (u2netp) and both databases.

const shared = useTestEngine();

const png = (data: Buffer) => ({ name: 'holiday photo.jpg', type: 'image/jpeg', data });

const credits = (t: TestApp, user: SignedUp) => creditsOf(t.app, user.cookie);

async function jobCount(t: TestApp, user: SignedUp): Promise<number> {
  const rows = await t.app.database.db
    .selectFrom('jobs')
    .select('id')
    .where('user_id', '=', user.id)
    .execute();
  return rows.length;
}

onBothDialects(
  'background removal jobs',
  (get) => {
    it('an upload becomes a job that completes with three different images and costs one credit', async () => {
      const t = get();
      const user = await signUp(t.app);
      const before = await credits(t, user);

      const created = await uploadJob(t.app, user.cookie, png(shared.picture.file));
      expect(created.statusCode).toBe(202);
      const job = jobSchema.parse(created.json());
      expect(job.status).toBe('queued');
      expect(job.originalName).toBe('holiday photo.jpg');
      expect(job.downloadNames).toEqual({
        refined: 'holiday photo_refined.png',
        white_bg: 'holiday photo_white_bg.png',
        transparent_bg: 'holiday photo_transparent_bg.png',
      });

      await t.app.processing.jobs.waitUntilFinished(job.id);
      const done = jobSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/jobs/${job.id}`,
            headers: { cookie: user.cookie },
          })
        ).json(),
      );
      expect(done.status).toBe('completed');
      expect(done.progress).toBe(100);
      expect(done.width).toBe(480);
      expect(done.timings?.inferenceMs).toBeGreaterThan(0);
      expect(done.result).not.toBeNull();

      const images: Buffer[] = [];
      for (const variant of ['refined', 'white_bg', 'transparent_bg'] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${done.result![variant]}?download=1`,
          headers: { cookie: user.cookie },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['content-disposition']).toContain(
          `attachment; filename="holiday photo_${variant}.png"`,
        );
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([480, 360]);
        images.push(res.rawPayload);
      }
      expect(new Set(images.map((b) => b.toString('base64'))).size).toBe(3);

      // The cut-out matches the drawn subject.
      const alpha = await sharp(images[2]).extractChannel(3).raw().toBuffer();
      expect(iou(alpha, shared.picture.scene.mask)).toBeGreaterThan(0.85);
      // white_bg has no transparency and white where the background was.
      const white = await sharp(images[1]).raw().toBuffer({ resolveWithObject: true });
      expect(white.info.channels).toBe(3);
      expect([...white.data.subarray(0, 3)]).toEqual([255, 255, 255]);

      expect(await credits(t, user)).toBe(before - 1);
      expect(await sumLedger(t.app.database.db, user.id)).toBe(before - 1);
      const spend = await t.app.database.db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('kind', '=', 'spend')
        .execute();
      expect(spend.map((r) => r.reference)).toEqual([job.id]);
    });

    it('the original is kept for its owner only; other people get 404', async () => {
      const t = get();
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      // A JPEG sent as a web page: it is kept, and handed back, as the JPEG it is.
      const created = jobSchema.parse(
        (
          await uploadJob(t.app, owner.cookie, {
            name: 'invoice.html',
            type: 'text/html',
            data: shared.picture.file,
          })
        ).json(),
      );
      expect(created.originalName).toBe('invoice.jpg');
      await t.app.processing.jobs.waitUntilFinished(created.id);
      const mine = await t.app.inject({
        method: 'GET',
        url: `${created.original!}?download=1`,
        headers: { cookie: owner.cookie },
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/jpeg');
      expect(mine.headers['content-disposition']).toBe(
        `attachment; filename="invoice.jpg"; filename*=UTF-8''invoice.jpg`,
      );
      expect(mine.rawPayload.equals(shared.picture.file)).toBe(true);
      // A name stored before names were cleaned (an install upgraded from then) is cleaned on
      // the way out: no right-to-left override, the detected format's extension.
      await t.app.database.db
        .updateTable('jobs')
        .set({ original_name: 'photo\u202Egnp.html' })
        .where('id', '=', created.id)
        .execute();
      const renamed = await t.app.inject({
        method: 'GET',
        url: `${created.original!}?download=1`,
        headers: { cookie: owner.cookie },
      });
      expect(renamed.headers['content-disposition']).toBe(
        `attachment; filename="photognp.jpg"; filename*=UTF-8''photognp.jpg`,
      );
      for (const url of [
        created.original!,
        `/api/jobs/${created.id}`,
        `/api/jobs/${created.id}/results/refined`,
      ]) {
        const theirs = await t.app.inject({
          method: 'GET',
          url,
          headers: { cookie: other.cookie },
        });
        expect(theirs.statusCode, url).toBe(404);
      }
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${created.id}/results/refined`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('POST /remove-background/ answers with signed result addresses that work without a session', async () => {
      const t = get();
      const user = await signUp(t.app);
      const res = await uploadJob(
        t.app,
        user.cookie,
        png(shared.picture.file),
        '/remove-background/',
      );
      expect(res.statusCode).toBe(200);
      const body = removeBackgroundResponseSchema.parse(res.json());
      expect(body.credits).toBe(await credits(t, user));
      expect(body.width).toBe(480);
      const signed = new URL(body.refined);
      expect(signed.searchParams.get('sig')).toBeTruthy();
      const fetched = await t.app.inject({
        method: 'GET',
        url: `${signed.pathname}${signed.search}`,
      });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers['content-type']).toBe('image/png');

      // A signature for one file does not open another, and a changed expiry breaks it.
      const other = await t.app.inject({
        method: 'GET',
        url: `${signed.pathname.replace('refined', 'white_bg')}${signed.search}`,
      });
      expect(other.statusCode).toBe(403);
      signed.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 1000));
      const tampered = await t.app.inject({
        method: 'GET',
        url: `${signed.pathname}${signed.search}`,
      });
      expect(tampered.statusCode).toBe(403);
    });

    it('the synchronous call takes an API key and returns the transparent PNG itself for Accept: image/png', async () => {
      const t = get();
      const user = await signUp(t.app);
      const { key } = await createApiKey(t.app.database.db, user.id, 'test');
      const { payload, headers } = (await import('../../test/processing.js')).multipart(
        png(shared.picture.file),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/remove-background/',
        payload,
        headers: { ...headers, authorization: `Bearer ${key}`, accept: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-credits-remaining']).toBe(String(await credits(t, user)));
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.channels).toBe(4);

      const usage = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/usage',
        headers: { 'x-api-key': key },
      });
      expect(usage.json()).toEqual({
        credits: await credits(t, user),
        images_processed: 1,
        images_processed_this_month: 1,
      });

      const wrong = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/usage',
        headers: { authorization: 'Bearer ck_not-a-key' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe(apiKeyTexts.invalidKey);
    });

    it('anonymous callers are told to sign up and users without credits are refused, with nothing stored', async () => {
      const t = get();
      // (POST /api/jobs gives an anonymous visitor a free preview: free-try-and-history.test.ts.)
      const anonymous = await uploadJob(
        t.app,
        undefined,
        png(shared.picture.file),
        '/remove-background/',
      );
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe(editorTexts.signUpToContinue);

      const user = await signUp(t.app);
      await setCredits(t.app, user.id, 0);
      for (const url of ['/api/jobs', '/remove-background/']) {
        const res = await uploadJob(t.app, user.cookie, png(shared.picture.file), url);
        expect(res.statusCode, url).toBe(402);
        expect(res.json().error.message).toBe(editorTexts.noCredits);
      }
      const sample = await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { cookie: user.cookie },
        payload: { sampleId: 'product-photo' },
      });
      expect(sample.statusCode).toBe(402);
      expect(await jobCount(t, user)).toBe(0);
      expect(await credits(t, user)).toBe(0);
    });

    it('two simultaneous jobs from a user with one credit: exactly one is accepted', async () => {
      const t = get();
      const user = await signUp(t.app);
      await setCredits(t.app, user.id, 1);
      const [a, b] = await Promise.all([
        uploadJob(t.app, user.cookie, png(shared.picture.file)),
        uploadJob(t.app, user.cookie, png(shared.picture.file)),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([202, 402]);
      const accepted = jobSchema.parse((a.statusCode === 202 ? a : b).json());
      await t.app.processing.jobs.waitUntilFinished(accepted.id);
      expect(await credits(t, user)).toBe(0);
      expect(await jobCount(t, user)).toBe(1);
    });

    it('files that are not images, too large or damaged are refused with clear messages and cost nothing', async () => {
      const t = get();
      const user = await signUp(t.app);
      const before = await credits(t, user);

      const text = await uploadJob(t.app, user.cookie, {
        name: 'notes.png',
        type: 'image/png',
        data: Buffer.from('this is not a picture at all, whatever its name says'),
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().error.message).toBe(editorTexts.notAnImage);

      const empty = await uploadJob(t.app, user.cookie, {
        name: 'empty.jpg',
        type: 'image/jpeg',
        data: Buffer.alloc(0),
      });
      expect(empty.statusCode).toBe(415);

      const big = Buffer.concat([shared.picture.file, Buffer.alloc(11 * 1024 * 1024)]);
      const tooBig = await uploadJob(t.app, user.cookie, png(big));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error.message).toBe(editorTexts.tooLarge);

      // A JPEG cut in half: its header reads, its pixels do not. The job fails; nothing is charged.
      const truncated = shared.picture.file.subarray(0, Math.floor(shared.picture.file.length / 2));
      const cut = await uploadJob(t.app, user.cookie, png(truncated), '/remove-background/');
      expect(cut.statusCode).toBe(422);
      expect(cut.json().error.message).toMatch(/damaged or incomplete/);

      const noFile = await uploadJob(t.app, user.cookie, {
        name: 'x.jpg',
        type: 'image/jpeg',
        data: shared.picture.file,
        field: 'image',
      });
      expect(noFile.statusCode).toBe(400);

      // Two "file" parts: refused, not silently reduced to the first (issue 17). The public API's
      // answer names its image fields (public-api.test.ts).
      for (const url of ['/api/jobs', '/remove-background/']) {
        const body = multipart([
          png(shared.picture.file),
          { ...png(shared.picture.file), name: 'other.jpg' },
        ]);
        const twice = await t.app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { ...body.headers, cookie: user.cookie },
        });
        expect(twice.statusCode, url).toBe(400);
        expect(twice.json(), url).toEqual({
          error: {
            code: 'validation_failed',
            message: 'Send one image per request: this form has more than one "file" part.',
          },
        });
      }

      expect(await credits(t, user)).toBe(before);
      const failed = await t.app.database.db
        .selectFrom('jobs')
        .select(['status', 'error_code'])
        .where('user_id', '=', user.id)
        .execute();
      expect(failed).toEqual([{ status: 'failed', error_code: 'unprocessable' }]);
    });

    // Issue 17: a 78 KB PNG of 1 × 40,000,000 pixels (under the pixel cap) held the only worker
    // for 206 s. Its header gives it away; it is refused before a job or a charge exists.
    it('images beyond the side or aspect-ratio limits are refused at once, cost nothing and leave no job', async () => {
      const t = get();
      const user = await signUp(t.app);
      const before = await credits(t, user);
      const needle = blackPng(1, 40_000_000);
      const strip = await sharp({
        create: { width: 2100, height: 100, channels: 3, background: '#4080c0' },
      })
        .png()
        .toBuffer();
      const upload = (data: Buffer, url?: string) =>
        uploadJob(t.app, user.cookie, { name: 'x.png', type: 'image/png', data }, url);

      for (const url of ['/api/jobs', '/remove-background/']) {
        const started = performance.now();
        const long = await upload(needle, url);
        // Read from the header: decoding those 40 million rows alone takes seconds.
        expect(performance.now() - started, url).toBeLessThan(2_000);
        expect(long.statusCode, url).toBe(413);
        expect(long.json(), url).toEqual({
          error: {
            code: 'payload_too_large',
            message:
              'This image is 1 × 40,000,000 pixels: its longest side may be at most 12,000 pixels.',
          },
        });

        const thin = await upload(strip, url);
        expect(thin.statusCode, url).toBe(422);
        expect(thin.json(), url).toEqual({
          error: {
            code: 'unprocessable',
            message:
              'This image is 2,100 × 100 pixels: its long side may be at most 20 times its short side (this one is 21 times).',
          },
        });
      }
      expect(await credits(t, user)).toBe(before);
      expect(await jobCount(t, user)).toBe(0);

      // A normal image still goes through.
      const ok = await uploadJob(t.app, user.cookie, png(shared.picture.file));
      expect(ok.statusCode).toBe(202);
      await t.app.processing.jobs.waitUntilFinished(jobSchema.parse(ok.json()).id);
      expect(await credits(t, user)).toBe(before - 1);
    });

    it('progress is reported over server-sent events, stage by stage, ending with the result', async () => {
      const t = get();
      const user = await signUp(t.app);
      const created = jobSchema.parse(
        (await uploadJob(t.app, user.cookie, png(shared.picture.file))).json(),
      );
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${created.id}/events`,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      const events = res.body
        .split('\n\n')
        .filter((chunk) => chunk.startsWith('event: job'))
        .map((chunk) => jobSchema.parse(JSON.parse(chunk.split('\ndata: ')[1]!)));
      const last = events.at(-1)!;
      expect(last.status).toBe('completed');
      expect(last.result).not.toBeNull();
      const progress = events.map((e) => e.progress);
      expect(progress).toEqual([...progress].sort((x, y) => x - y));
      const stages = new Set(events.map((e) => e.stage));
      for (const stage of ['inference', 'refine', 'encode', 'done'])
        expect(stages).toContain(stage);
    });

    it('results are deleted after the retention period', async () => {
      const t = get();
      const user = await signUp(t.app);
      const created = jobSchema.parse(
        (await uploadJob(t.app, user.cookie, png(shared.picture.file))).json(),
      );
      await t.app.processing.jobs.waitUntilFinished(created.id);
      const later = new Date(Date.now() + 25 * 3_600_000);
      expect(await t.app.processing.jobs.cleanup(later)).toBeGreaterThanOrEqual(1);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${created.id}/results/refined`,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toMatch(/no longer available/);
      const job = jobSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/jobs/${created.id}`,
            headers: { cookie: user.cookie },
          })
        ).json(),
      );
      expect(job.result).toBeNull();
      expect(job.status).toBe('completed');
    });
  },
  shared.appOptions,
);
