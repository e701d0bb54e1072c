import {
  batchSchema,
  jobSchema,
  jobsApiPaths,
  compositionApiPaths,
  type Batch,
  type Job,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, expect, it, vi } from 'vitest';
import { onBothDialects, setCredits, signUp, type SignedUp } from '../../test/accounts.js';
import { multipart, removeBackground, useTestEngine } from '../../test/processing.js';
import { unzip } from '../../test/unzip.js';
import { createApiKey } from '../api-keys/api-keys.service.js';

// Issue 37 item 1 (decision 0267): nothing of the removed background in any result the server
// gives out. Each result is read with its alpha set to 255 in thought: wherever the alpha was 0
// the colour is 0 — the editor's downloads, the history's thumbnail, the editor's export, the
// public API (every variant and format), the batch zip and a touch-up (an erased stroke keeps
// nothing; a restored one gets the photo's colours back from the original the server keeps).

const shared = useTestEngine({ picture: { width: 480, height: 360, seed: 4 } });
const WEBP_RINGING = 4;

interface Hidden {
  count: number;
  /** Pixels with alpha 0 and any colour. */
  coloured: number;
  /** Mean of their largest colour value. */
  mean: number;
}

async function hiddenOf(image: Buffer, alpha?: Buffer): Promise<Hidden> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = alpha ? await sharp(alpha).extractChannel(0).raw().toBuffer() : undefined;
  let count = 0;
  let coloured = 0;
  let sum = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    if ((mask ? mask[i] : data[i * 4 + 3]) !== 0) continue;
    count++;
    const m = Math.max(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!);
    if (m > 0) coloured++;
    sum += m;
  }
  return { count, coloured, mean: count ? sum / count : 0 };
}

/** PNG: exactly nothing under alpha 0; lossy formats: at most a dark trace of ringing. */
async function expectNothingHidden(
  name: string,
  image: Buffer,
  lossy = false,
  alpha?: Buffer,
): Promise<void> {
  const hidden = await hiddenOf(image, alpha);
  expect(hidden.count, `${name}: pixels with alpha 0`).toBeGreaterThan(5000);
  if (lossy) expect(hidden.mean, `${name}: mean colour there`).toBeLessThanOrEqual(WEBP_RINGING);
  else expect(hidden.coloured, `${name}: coloured pixels there`).toBe(0);
}

function download(app: FastifyInstance, url: string, headers: Record<string, string>) {
  return app.inject({ url, headers }).then((res) => {
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.rawPayload;
  });
}

async function getJob(app: FastifyInstance, user: SignedUp, id: string): Promise<Job> {
  const res = await app.inject({ url: jobsApiPaths.job(id), headers: { cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return jobSchema.parse(res.json());
}

let photoPixels: Buffer;
beforeAll(async () => {
  // The photo as the engine decodes it: the background under the cut-out is far from black.
  photoPixels = await sharp(shared.picture.file).removeAlpha().raw().toBuffer();
});

onBothDialects(
  'nothing of the removed background',
  (get) => {
    let user: SignedUp;
    let job: Job;
    beforeAll(async () => {
      const { app } = get();
      user = await signUp(app);
      await setCredits(app, user.id, 20);
      const id = await removeBackground(app, user.cookie, {
        name: 'portrait.jpg',
        type: 'image/jpeg',
        data: shared.picture.file,
      });
      job = await getJob(app, user, id);
    });

    it("in the editor's downloads, the history's thumbnail and the editor's export", async () => {
      const { app } = get();
      const cookie = { cookie: user.cookie };
      for (const variant of ['refined', 'transparent_bg'] as const) {
        await expectNothingHidden(variant, await download(app, job.result![variant], cookie));
      }
      const thumbnail = await download(app, jobsApiPaths.thumbnail(job.id), cookie);
      await expectNothingHidden('thumbnail', thumbnail, true);
      for (const format of ['png', 'webp'] as const) {
        const exported = await app.inject({
          method: 'POST',
          url: compositionApiPaths.compose(job.id),
          payload: { format, crop: 'true' },
          headers: cookie,
        });
        expect(exported.statusCode, exported.body).toBe(200);
        await expectNothingHidden(`export ${format}`, exported.rawPayload, format === 'webp');
      }
    });

    it('in every answer of the public API', async () => {
      const { app } = get();
      const { key } = await createApiKey(app.database.db, user.id, 'hidden pixels');
      const post = (fields: Record<string, string>) => {
        const body = multipart(
          [
            {
              name: 'photo.jpg',
              type: 'image/jpeg',
              data: shared.picture.file,
              field: 'image_file',
            },
          ],
          fields,
        );
        return app.inject({
          method: 'POST',
          url: '/api/v1/remove-background',
          payload: body.payload,
          headers: { ...body.headers, 'x-api-key': key },
        });
      };
      // Each answer processes the photo again: one request for each way an answer is made
      // (the stored file as it is, WebP, a composition, remove.bg's zip).
      for (const [fields, lossy] of [
        [{ variant: 'transparent_bg', format: 'png' }, false],
        [{ variant: 'transparent_bg', format: 'webp', size: 'preview' }, true],
        [{ variant: 'refined', format: 'png', crop: 'true', scale: '50%' }, false],
      ] as const) {
        const res = await post(fields);
        const name = JSON.stringify(fields);
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
        await expectNothingHidden(name, res.rawPayload, lossy);
      }
      // remove.bg's zip: the colours as JPEG beside the mask; where the mask is 0 the colours
      // are black.
      const zip = await post({ variant: 'transparent_bg', format: 'zip' });
      expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
      const files = await unzip(zip.rawPayload);
      await expectNothingHidden('zip', files.get('color.jpg')!, true, files.get('alpha.png'));
    }, 90_000);

    it('in the batch zip', async () => {
      const { app } = get();
      const cookie = { cookie: user.cookie };
      const started = await app.inject({
        method: 'POST',
        url: '/api/batches',
        headers: cookie,
        payload: { items: [{ name: 'one.jpg' }] },
      });
      expect(started.statusCode, started.body).toBe(201);
      const batch = batchSchema.parse(started.json());
      const body = multipart({ name: 'one.jpg', type: 'image/jpeg', data: shared.picture.file });
      const sent = await app.inject({
        method: 'PUT',
        url: `/api/batches/${batch.id}/items/${batch.items[0]!.id}/image`,
        headers: { ...body.headers, ...cookie },
        payload: body.payload,
      });
      expect(sent.statusCode, sent.body).toBe(202);
      await vi.waitFor(
        async () => {
          const res = await app.inject({ url: `/api/batches/${batch.id}`, headers: cookie });
          const now: Batch = batchSchema.parse(res.json());
          expect(now.counts.completed).toBe(1);
        },
        { timeout: 30_000, interval: 25 },
      );
      const zip = await download(app, `/api/batches/${batch.id}/download`, cookie);
      const files = await unzip(zip);
      await expectNothingHidden('zip refined', files.get('one/one_refined.png')!);
      await expectNothingHidden('zip transparent_bg', files.get('one/one_transparent_bg.png')!);
    });

    it('after a touch-up: an erased band keeps nothing, a restored one has the photo back', async () => {
      const { app } = get();
      const cookie = { cookie: user.cookie };
      const { width, height } = { width: job.width!, height: job.height! };
      const refined = await download(app, job.result!.refined, cookie);
      const modelAlpha = await sharp(refined).extractChannel(3).raw().toBuffer();
      const save = async (alpha: Buffer): Promise<Job> => {
        const png = await sharp(alpha, { raw: { width, height, channels: 1 } })
          .png()
          .toBuffer();
        const body = multipart({ name: 'mask.png', type: 'image/png', data: png, field: 'mask' });
        const res = await app.inject({
          method: 'POST',
          url: jobsApiPaths.mask(job.id),
          payload: body.payload,
          headers: { ...body.headers, ...cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
        return jobSchema.parse(res.json());
      };

      // Erase a band across the middle, subject included.
      const band = { top: Math.round(height / 2) - 20, bottom: Math.round(height / 2) + 20 };
      const erased = Buffer.from(modelAlpha);
      erased.fill(0, band.top * width, band.bottom * width);
      const afterErase = await save(erased);
      for (const variant of ['refined', 'transparent_bg'] as const) {
        const data = await download(app, afterErase.result![variant], cookie);
        await expectNothingHidden(`erased ${variant}`, data);
        const raw = await sharp(data).raw().toBuffer();
        for (let i = band.top * width; i < band.bottom * width; i++) {
          if (raw.readUInt32LE(i * 4) !== 0) {
            expect.fail(`erased ${variant}: pixel ${i} is not (0, 0, 0, 0)`);
          }
        }
      }

      // Restore the band's upper half as a fully opaque patch: the photo's own colours return.
      const restored = Buffer.from(erased);
      const mid = Math.round(height / 2);
      restored.fill(255, band.top * width, mid * width);
      const afterRestore = await save(restored);
      const transparent = await sharp(
        await download(app, afterRestore.result!.transparent_bg, cookie),
      )
        .raw()
        .toBuffer();
      for (let i = band.top * width; i < mid * width; i++) {
        const got = transparent.subarray(i * 4, i * 4 + 4);
        const want = photoPixels.subarray(i * 3, i * 3 + 3);
        if (got[3] !== 255 || got[0] !== want[0] || got[1] !== want[1] || got[2] !== want[2]) {
          expect.fail(
            `restored pixel ${i}: ${[...got].join(', ')} is not the photo's ${[...want].join(', ')}, 255`,
          );
        }
      }
      await expectNothingHidden(
        'restored transparent_bg',
        await download(app, afterRestore.result!.transparent_bg, cookie),
      );
    });
  },
  shared.appOptions,
);
