import { batchSchema, batchTexts, editorTexts, limits, type Batch } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { onBothDialects, signUp, storedCredits, type SignedUp } from '../../test/accounts.js';
import { multipart, photo, useTestEngine, type Photo } from '../../test/processing.js';
import { unzip } from '../../test/unzip.js';

// Batches through the real app: the rules (at most 50, no more than the free credits, nothing
// written when refused), then a real batch on the small model: an image that is not one fails
// and costs nothing, the others complete and cost one credit each, running again skips what is
// done, and the zip holds a folder of three PNGs per completed image.

const shared = useTestEngine();
let bigPicture: Photo;
beforeAll(async () => {
  bigPicture = await photo(1600, 1200, 5);
});

const names = (n: number, ext = 'jpg') =>
  Array.from({ length: n }, (_, i) => ({ name: `photo-${i + 1}.${ext}` }));

async function countRows(app: FastifyInstance) {
  const batches = await app.database.db.selectFrom('batches').select('id').execute();
  const items = await app.database.db.selectFrom('batch_items').select('id').execute();
  return { batches: batches.length, items: items.length };
}

function start(app: FastifyInstance, user: SignedUp, items: { name: string }[]) {
  return app.inject({
    method: 'POST',
    url: '/api/batches',
    headers: { cookie: user.cookie },
    payload: { items },
  });
}

function upload(
  app: FastifyInstance,
  user: SignedUp,
  batch: Batch,
  index: number,
  file: { name: string; type: string; data: Buffer },
) {
  const body = multipart(file);
  const item = batch.items[index]!;
  return app.inject({
    method: 'PUT',
    url: `/api/batches/${batch.id}/items/${item.id}/image`,
    headers: { ...body.headers, cookie: user.cookie },
    payload: body.payload,
  });
}

async function getBatch(app: FastifyInstance, user: SignedUp, id: string): Promise<Batch> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/batches/${id}`,
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode).toBe(200);
  return batchSchema.parse(res.json());
}

/** Follows the batch, as the dashboard does, until nothing is processing, recording every progress value seen. */
async function untilSettled(app: FastifyInstance, user: SignedUp, id: string) {
  const seen = new Set<number>();
  const batch = await vi.waitFor(
    async () => {
      const batch = await getBatch(app, user, id);
      for (const item of batch.items) if (item.status === 'processing') seen.add(item.progress);
      expect(batch.counts.processing, 'items still processing').toBe(0);
      return batch;
    },
    { timeout: 30_000, interval: 25 },
  );
  return { batch, seen };
}

const isPng = (b: Buffer | undefined) =>
  b !== undefined && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

onBothDialects('batch rules', (get) => {
  it('refuses a batch without images, past 50 images or past the credits, writing nothing', async () => {
    const { app } = get();
    const user = await signUp(app);
    const before = await countRows(app);

    const empty = await start(app, user, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(batchTexts.noImages);

    // More credits than 50, so the size is what refuses it.
    await app.database.db
      .updateTable('users')
      .set({ credits: 100 })
      .where('id', '=', user.id)
      .execute();
    const tooMany = await start(app, user, names(limits.batchMaxImages + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(batchTexts.tooMany(50, 51));

    await app.database.db
      .updateTable('users')
      .set({ credits: 4 })
      .where('id', '=', user.id)
      .execute();
    const poor = await start(app, user, names(5));
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.message).toBe('Not enough credits. You need 5 credits but have 4');

    expect(await countRows(app)).toEqual(before);
    expect(await storedCredits(app, user.id)).toBe(4);
  });

  it('is for signed-in users only, and each sees only their own batches', async () => {
    const { app } = get();
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/batches',
      payload: { items: names(1) },
    });
    expect(anonymous.statusCode).toBe(401);

    const owner = await signUp(app);
    const other = await signUp(app);
    const created = await start(app, owner, names(2));
    expect(created.statusCode).toBe(201);
    const batch = batchSchema.parse(created.json());
    expect(batch.items.map((i) => [i.originalName, i.status, i.progress])).toEqual([
      ['photo-1.jpg', 'pending', 0],
      ['photo-2.jpg', 'pending', 0],
    ]);
    expect(batch.counts).toEqual({ pending: 2, processing: 0, completed: 0, error: 0 });

    const foreign = await app.inject({
      method: 'GET',
      url: `/api/batches/${batch.id}`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignUpload = await upload(app, other, batch, 0, {
      name: 'a.jpg',
      type: 'image/jpeg',
      data: shared.picture.file,
    });
    expect(foreignUpload.statusCode).toBe(404);

    const list = await app.inject({
      method: 'GET',
      url: '/api/batches',
      headers: { cookie: owner.cookie },
    });
    expect(list.json().batches.map((b: { id: string }) => b.id)).toEqual([batch.id]);
    const otherList = await app.inject({
      method: 'GET',
      url: '/api/batches',
      headers: { cookie: other.cookie },
    });
    expect(otherList.json().batches).toEqual([]);
  });

  it('runs again within the limits: more images up to 50, failed ones back to pending', async () => {
    const { app } = get();
    const user = await signUp(app); // 10 credits
    const batch = batchSchema.parse((await start(app, user, names(3))).json());
    const notImage = await upload(app, user, batch, 2, {
      name: 'notes.txt',
      type: 'text/plain',
      data: Buffer.from('not an image\n'),
    });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.message).toBe(editorTexts.notAnImage);
    const failed = await getBatch(app, user, batch.id);
    expect(failed.items[2]).toMatchObject({ status: 'error', error: editorTexts.notAnImage });

    const run = (items: { name: string }[]) =>
      app.inject({
        method: 'POST',
        url: `/api/batches/${batch.id}/run`,
        headers: { cookie: user.cookie },
        payload: { items },
      });
    // 3 to process again + 8 new = 11 > 10 credits.
    const poor = await run(names(8, 'png'));
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.message).toBe('Not enough credits. You need 11 credits but have 10');
    await app.database.db
      .updateTable('users')
      .set({ credits: 100 })
      .where('id', '=', user.id)
      .execute();
    const tooMany = await run(names(48, 'png'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(batchTexts.tooMany(50, 51));
    expect((await getBatch(app, user, batch.id)).items).toHaveLength(3);

    const again = await run(names(2, 'png'));
    expect(again.statusCode).toBe(200);
    const view = batchSchema.parse(again.json());
    expect(view.items.map((i) => [i.originalName, i.status])).toEqual([
      ['photo-1.jpg', 'pending'],
      ['photo-2.jpg', 'pending'],
      ['photo-3.jpg', 'pending'],
      ['photo-1.png', 'pending'],
      ['photo-2.png', 'pending'],
    ]);
  });

  it('answers 404 with the spec text when there is nothing completed to download', async () => {
    const { app } = get();
    const user = await signUp(app);
    const batch = batchSchema.parse((await start(app, user, names(1))).json());
    const res = await app.inject({
      method: 'GET',
      url: `/api/batches/${batch.id}/download`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(batchTexts.noCompleted);
  });
});

onBothDialects(
  'a batch processed for real',
  (get) => {
    it('charges completed images only, keeps failed ones free, and zips three PNGs per image', async () => {
      const { app } = get();
      const user = await signUp(app);
      const before = await storedCredits(app, user.id);
      const batch = batchSchema.parse(
        (
          await start(app, user, [
            { name: 'cat.jpg' },
            { name: 'notes.txt' },
            { name: 'cat.jpg' },
            // A right-to-left override and a name Windows reserves for a device.
            { name: '\u202eCON.jpeg' },
          ])
        ).json(),
      );
      const jpeg = { name: 'x.jpg', type: 'image/jpeg', data: shared.picture.file };
      expect((await upload(app, user, batch, 0, jpeg)).statusCode).toBe(202);
      const text = await upload(app, user, batch, 1, {
        name: 'notes.txt',
        type: 'image/jpeg', // lies about its type: the bytes decide
        data: Buffer.from('not an image at all'),
      });
      expect(text.statusCode).toBe(415);
      expect((await upload(app, user, batch, 2, jpeg)).statusCode).toBe(202);
      expect((await upload(app, user, batch, 3, jpeg)).statusCode).toBe(202);

      const { batch: done, seen } = await untilSettled(app, user, batch.id);
      expect(done.items.map((i) => i.status)).toEqual([
        'completed',
        'error',
        'completed',
        'completed',
      ]);
      expect(done.items[1]!.error).toBe(editorTexts.notAnImage);
      expect(done.counts).toEqual({ pending: 0, processing: 0, completed: 3, error: 0 + 1 });
      // Progress came from the engine's stages: values strictly between start and end were seen.
      expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);
      expect(await storedCredits(app, user.id)).toBe(before - 3);

      // Completed images cannot be sent again; a second tab sees the same batch.
      const repeat = await upload(app, user, batch, 0, jpeg);
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().error.message).toBe(batchTexts.alreadyCompleted);
      expect(await getBatch(app, user, batch.id)).toEqual(done);

      const zip = await app.inject({
        method: 'GET',
        url: `/api/batches/${batch.id}/download`,
        headers: { cookie: user.cookie },
      });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.headers['content-disposition']).toMatch(
        /^attachment; filename="batch_processed_\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const files = await unzip(zip.rawPayload);
      // The editor's names, in a folder per image; names safe on every system.
      expect([...files.keys()].sort()).toEqual(
        [
          'cat/cat_refined.png',
          'cat/cat_white_bg.png',
          'cat/cat_transparent_bg.png',
          'cat (2)/cat (2)_refined.png',
          'cat (2)/cat (2)_white_bg.png',
          'cat (2)/cat (2)_transparent_bg.png',
          '_CON/_CON_refined.png',
          '_CON/_CON_white_bg.png',
          '_CON/_CON_transparent_bg.png',
        ].sort(),
      );
      for (const [name, bytes] of files) expect(isPng(bytes), name).toBe(true);
      // The zip holds the stored results themselves.
      const stored = await app.processing.store.read(`${done.items[3]!.jobId}/white_bg.png`);
      expect(files.get('_CON/_CON_white_bg.png')!.equals(stored!)).toBe(true);
      expect(done.items[3]!.originalName).toBe('_CON.jpeg');

      // Running again only retries the failed image; with it fixed, all four are done.
      const run = await app.inject({
        method: 'POST',
        url: `/api/batches/${batch.id}/run`,
        headers: { cookie: user.cookie },
        payload: { items: [] },
      });
      expect(run.statusCode).toBe(200);
      expect(batchSchema.parse(run.json()).items.map((i) => i.status)).toEqual([
        'completed',
        'pending',
        'completed',
        'completed',
      ]);
      expect((await upload(app, user, batch, 1, jpeg)).statusCode).toBe(202);
      const all = await untilSettled(app, user, batch.id);
      expect(all.batch.counts.completed).toBe(4);
      expect(await storedCredits(app, user.id)).toBe(before - 4);
      const nothingLeft = await app.inject({
        method: 'POST',
        url: `/api/batches/${batch.id}/run`,
        headers: { cookie: user.cookie },
        payload: { items: [] },
      });
      expect(nothingLeft.statusCode).toBe(400);
      expect(nothingLeft.json().error.message).toBe(batchTexts.noImages);
    });

    it('does not remove an image or the batch while it is being processed', async () => {
      const { app } = get();
      const user = await signUp(app);
      const batch = batchSchema.parse((await start(app, user, names(3))).json());
      const big = { name: 'big.jpg', type: 'image/jpeg', data: bigPicture.file };
      expect((await upload(app, user, batch, 0, big)).statusCode).toBe(202);
      expect((await upload(app, user, batch, 1, big)).statusCode).toBe(202);
      // One worker: the second image waits behind the first, so it is certainly not done yet.
      const busy = await getBatch(app, user, batch.id);
      expect(busy.items[1]!.status).toBe('processing');
      const remove = await app.inject({
        method: 'DELETE',
        url: `/api/batches/${batch.id}/items/${batch.items[1]!.id}`,
        headers: { cookie: user.cookie },
      });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().error.message).toBe(batchTexts.itemBusy);
      const removeBatch = await app.inject({
        method: 'DELETE',
        url: `/api/batches/${batch.id}`,
        headers: { cookie: user.cookie },
      });
      expect(removeBatch.statusCode).toBe(409);
      // A pending image may go at any time.
      const removePending = await app.inject({
        method: 'DELETE',
        url: `/api/batches/${batch.id}/items/${batch.items[2]!.id}`,
        headers: { cookie: user.cookie },
      });
      expect(removePending.statusCode).toBe(200);
      expect(batchSchema.parse(removePending.json()).items).toHaveLength(2);

      await untilSettled(app, user, batch.id);
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/batches/${batch.id}`,
        headers: { cookie: user.cookie },
      });
      expect(removed.statusCode).toBe(204);
      const gone = await app.inject({
        method: 'GET',
        url: `/api/batches/${batch.id}`,
        headers: { cookie: user.cookie },
      });
      expect(gone.statusCode).toBe(404);
      // The images it processed stay the user's jobs (usage, their results).
      const jobs = await app.database.db
        .selectFrom('jobs')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(jobs).toHaveLength(2);
    });
  },
  shared.appOptions,
);
