import { jobsApiPaths, jobSchema, type Job, type JobVariant } from '@cutout/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, signUp, type SignedUp } from '../../test/accounts.js';
import { multipart, removeBackground, useProcessingApp } from '../../test/processing.js';
import { unzip } from '../../test/unzip.js';
import { createApiKey } from '../api-keys/api-keys.service.js';
import { touchUpTexts } from './jobs.touch-up.js';

// Touch-ups (issue 25): a person's mask becomes a new version of a job's results, which every
// download, the batch zip, the editor's export and the public API serve from then on; the
// model's results stay; a bad mask changes nothing; nothing is charged.

const processing = useProcessingApp();
let user: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  user = await signUp(processing.app);
  other = await signUp(processing.app);
});

async function processed(who = user, name = 'dog.jpg'): Promise<Job> {
  const data = processing.picture.file;
  return getJob(
    await removeBackground(processing.app, who.cookie, { name, type: 'image/jpeg', data }),
    who,
  );
}

async function getJob(id: string, who = user): Promise<Job> {
  const res = await processing.app.inject({
    url: jobsApiPaths.job(id),
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return jobSchema.parse(res.json());
}

const credits = (who = user) => creditsOf(processing.app, who.cookie);

async function download(url: string, cookie = user.cookie): Promise<Buffer> {
  const res = await processing.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

async function alphaOf(png: Buffer): Promise<Buffer> {
  return sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer();
}

/** The refined alpha with a stroke erased across the subject and a patch of background restored. */
async function editedMask(job: Job): Promise<{ png: Buffer; alpha: Buffer }> {
  const width = job.width!;
  const height = job.height!;
  const alpha = Buffer.from(await alphaOf(await download(job.result!.refined)));
  const cy = Math.round(height / 2);
  for (let y = cy - 6; y <= cy + 6; y++) for (let x = 0; x < width; x++) alpha[y * width + x] = 0;
  for (let y = 4; y < 24; y++) for (let x = 4; x < 24; x++) alpha[y * width + x] = 255;
  const png = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, alpha };
}

function saveMask(id: string, data: Buffer, cookie = user.cookie, type = 'image/png') {
  const body = multipart({ name: 'mask.png', type, data, field: 'mask' });
  return processing.app.inject({
    method: 'POST',
    url: jobsApiPaths.mask(id),
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

describe('POST /api/jobs/{id}/mask', () => {
  it('saves a new version that every download, export and API fetch serves, charging nothing', async () => {
    const job = await processed();
    expect(job.resultVersion).toBe(0);
    const modelResults = Object.fromEntries(
      await Promise.all(
        (['refined', 'white_bg', 'transparent_bg'] as JobVariant[]).map(
          async (v) => [v, await download(job.result![v])] as const,
        ),
      ),
    );
    const { png, alpha } = await editedMask(job);
    const before = await credits();

    const res = await saveMask(job.id, png);
    expect(res.statusCode, res.body).toBe(200);
    const saved = jobSchema.parse(res.json());
    expect(saved.resultVersion).toBe(1);
    // New addresses, so a browser's cached copy of the model's result is not shown.
    expect(saved.result!.refined).toBe(`${jobsApiPaths.result(job.id, 'refined')}?v=1`);
    expect(await credits()).toBe(before);

    // The results: the mask is the alpha of refined and transparent_bg, white_bg is white where
    // the stroke erased the subject.
    const refined = await download(saved.result!.refined);
    const transparent = await download(saved.result!.transparent_bg);
    expect((await alphaOf(refined)).equals(alpha)).toBe(true);
    expect((await alphaOf(transparent)).equals(alpha)).toBe(true);
    const white = await sharp(await download(saved.result!.white_bg))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const w = job.width!;
    const mid = (Math.round(job.height! / 2) * w + Math.round(w / 2)) * white.info.channels;
    expect([...white.data.subarray(mid, mid + 3)]).toEqual([255, 255, 255]);
    // Colours of the restored patch are the photo's (transparent_bg keeps the original colours).
    const photoPixels = await sharp(processing.picture.file).removeAlpha().raw().toBuffer();
    const transparentPixels = await sharp(transparent).raw().toBuffer();
    const p = 10 * w + 10;
    expect([...transparentPixels.subarray(p * 4, p * 4 + 3)]).toEqual([
      ...photoPixels.subarray(p * 3, p * 3 + 3),
    ]);

    // The model's own results are kept as they were.
    const store = processing.app.processing.store;
    for (const v of ['refined', 'white_bg', 'transparent_bg'] as const) {
      expect((await store.read(`${job.id}/${v}.png`))!.equals(modelResults[v]!)).toBe(true);
    }

    // The editor's export composes the touched-up cut-out.
    const exported = await processing.app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/compose`,
      payload: { format: 'png' },
      headers: { cookie: user.cookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect((await alphaOf(exported.rawPayload)).equals(alpha)).toBe(true);

    // The public API's job fetch: signed addresses of the new version.
    const { key } = await createApiKey(processing.app.database.db, user.id, 'touch-up');
    const api = await processing.app.inject({
      url: `/api/v1/jobs/${job.id}`,
      headers: { 'x-api-key': key },
    });
    expect(api.statusCode, api.body).toBe(200);
    const signed = new URL(api.json().result.transparent_bg as string);
    expect(signed.searchParams.get('v')).toBe('1');
    const viaSignature = await download(`${signed.pathname}${signed.search}`, '');
    expect((await alphaOf(viaSignature)).equals(alpha)).toBe(true);
    expect(await credits()).toBe(before);

    // A second touch-up is version 2; reset serves the model's results again.
    const again = await saveMask(job.id, png);
    expect(jobSchema.parse(again.json()).resultVersion).toBe(2);
    const reset = await processing.app.inject({
      method: 'DELETE',
      url: jobsApiPaths.mask(job.id),
      headers: { cookie: user.cookie },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const original = jobSchema.parse(reset.json());
    expect(original.resultVersion).toBe(0);
    expect(original.result!.refined).toBe(jobsApiPaths.result(job.id, 'refined'));
    expect((await download(original.result!.refined)).equals(modelResults.refined!)).toBe(true);
    expect(await credits()).toBe(before);
  });

  it('puts the touched-up results in the batch zip', async () => {
    const started = await processing.app.inject({
      method: 'POST',
      url: '/api/batches',
      headers: { cookie: user.cookie },
      payload: { items: [{ name: 'cat.jpg' }] },
    });
    expect(started.statusCode, started.body).toBe(201);
    const batch = started.json<{ id: string; items: { id: string }[] }>();
    const body = multipart({ name: 'cat.jpg', type: 'image/jpeg', data: processing.picture.file });
    const put = await processing.app.inject({
      method: 'PUT',
      url: `/api/batches/${batch.id}/items/${batch.items[0]!.id}/image`,
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    let jobId: string | undefined;
    await expect
      .poll(
        async () => {
          const res = await processing.app.inject({
            url: `/api/batches/${batch.id}`,
            headers: { cookie: user.cookie },
          });
          const item = res.json<{ items: { status: string; jobId: string | null }[] }>().items[0]!;
          jobId = item.jobId ?? undefined;
          return item.status;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe('completed');
    const job = await getJob(jobId!);
    const { png, alpha } = await editedMask(job);
    expect((await saveMask(job.id, png)).statusCode).toBe(200);
    const zip = await processing.app.inject({
      url: `/api/batches/${batch.id}/download`,
      headers: { cookie: user.cookie },
    });
    expect(zip.statusCode).toBe(200);
    const files = await unzip(zip.rawPayload);
    expect((await alphaOf(files.get('cat/cat_transparent_bg.png')!)).equals(alpha)).toBe(true);
    expect((await alphaOf(files.get('cat/cat_refined.png')!)).equals(alpha)).toBe(true);
  });

  describe('a bad mask gets a clear 4xx and changes nothing', () => {
    let job: Job;
    let mask: Buffer;
    let refined: Buffer;
    let before: number;

    beforeAll(async () => {
      job = await processed(user, 'bad.jpg');
      mask = (await editedMask(job)).png;
      refined = await download(job.result!.refined);
      before = await credits();
    }, 60_000);

    async function unchanged() {
      const now = await getJob(job.id);
      expect(now.resultVersion).toBe(0);
      expect((await download(now.result!.refined)).equals(refined)).toBe(true);
      expect(await credits()).toBe(before);
      const row = await processing.app.database.db
        .selectFrom('jobs')
        .select(['result_version', 'result_edits'])
        .where('id', '=', job.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ result_version: 0, result_edits: 0 });
      const keys = await processing.app.processing.store.read(`${job.id}/v1-refined.png`);
      expect(keys).toBeUndefined();
    }

    it('of the wrong size', async () => {
      const small = await sharp({
        create: { width: 20, height: 10, channels: 3, background: '#ffffff' },
      })
        .png()
        .toBuffer();
      const res = await saveMask(job.id, small);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(
        `The mask must be ${job.width} × ${job.height} pixels, the size of the result; this one is 20 × 10.`,
      );
      await unchanged();
    });

    it('that is not an image', async () => {
      const res = await saveMask(job.id, Buffer.from('<svg>not a mask</svg>'), user.cookie);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe(touchUpTexts.notAnImage);
      await unchanged();
    });

    it('missing from the form', async () => {
      const body = multipart(undefined, { note: 'no file' });
      const res = await processing.app.inject({
        method: 'POST',
        url: jobsApiPaths.mask(job.id),
        payload: body.payload,
        headers: { ...body.headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/field "mask"/);
      await unchanged();
    });

    it("on someone else's job, or anonymously", async () => {
      const foreign = await saveMask(job.id, mask, other.cookie);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe('Job not found.');
      const reset = await processing.app.inject({
        method: 'DELETE',
        url: jobsApiPaths.mask(job.id),
        headers: { cookie: other.cookie },
      });
      expect(reset.statusCode).toBe(404);
      const anonymous = await saveMask(job.id, mask, '');
      expect(anonymous.statusCode).toBe(401);
      await unchanged();
    });

    it('on an expired job', async () => {
      const expired = await processed(user, 'old.jpg');
      // That image was charged; the refused touch-up must charge nothing more.
      before = await credits();
      await processing.app.database.db
        .updateTable('jobs')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expired.id)
        .execute();
      const res = await saveMask(expired.id, (await editedMask(expired)).png);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(touchUpTexts.expired);
      const row = await processing.app.database.db
        .selectFrom('jobs')
        .select(['result_version', 'result_edits'])
        .where('id', '=', expired.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ result_version: 0, result_edits: 0 });
      await unchanged();
    });
  });
});
