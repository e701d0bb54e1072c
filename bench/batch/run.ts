import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchSchema, batchItemSchema, type Batch } from '@cutout/contracts';
import { createEnginePool } from '@cutout/engine';
import { feed } from '../../apps/web/src/features/batches/lib/feed.js';
import { folderImages } from '../engine/images.js';
import { mb, median, ms, ratio, table } from '../engine/stats.js';
import { flag, log, numberOption, progress } from '../lib/cli.js';
import { benchPerson, describeEmbedded, startEmbedded } from '../lib/setup.js';

// `npm run bench:batch [-- --runs N] [-- --quick]`: a 50-image batch through the real server
// (loopback, the product's default model and pool sizing), sent the way the dashboard's Batch tab
// sends it (POST /api/batches, then each image with the tab's own `feed`, four at a time, the
// batch polled twice a second), against the engine processing the same 50 images in the same
// process, on the same pool. Runs alternate (engine, server, engine, …) so load on the shared
// machine falls on both; the figure is the ratio of the medians' throughput (goal ≥ 0.95). Then
// the batch's zip is downloaded while the server's memory is sampled every 10 ms: peak RSS and
// heap against the moment before, next to the zip's size (memory flat means the peak does not
// grow with the zip).
//
// Images: 50 of the real photos of davis-dev when present (DAVIS_DIR, or ../shared/data/davis-dev
// read in place, never copied), otherwise photos drawn by bench/engine/images.ts.

const quick = flag('quick');
const RUNS = numberOption('runs', quick ? 1 : 3);
const IMAGES = 50;

const here = fileURLToPath(new URL('.', import.meta.url));

async function benchImages(): Promise<{
  source: string;
  files: { name: string; bytes: Buffer }[];
}> {
  const dir = process.env.DAVIS_DIR ?? resolve(here, '../../../shared/data/davis-dev');
  const images = join(dir, 'images');
  if (existsSync(images)) {
    const names = readdirSync(images)
      .filter((n) => /\.(jpe?g|png)$/i.test(n))
      .sort()
      .slice(0, IMAGES);
    if (names.length === IMAGES) {
      const files = await Promise.all(
        names.map(async (name) => ({ name, bytes: await readFile(join(images, name)) })),
      );
      return { source: `${IMAGES} real photos of davis-dev (${dir})`, files };
    }
  }
  const drawn = await folderImages();
  const files = Array.from({ length: IMAGES }, (_, i) => {
    const image = drawn[i % drawn.length]!;
    return { name: `${image.name}-${i + 1}.jpg`, bytes: image.file };
  });
  return {
    source: `${IMAGES} photos drawn by bench/engine/images.ts (8 scenes, 768–2000 px)`,
    files,
  };
}

const server = await startEmbedded('batch', quick ? { ENGINE_MODEL: 'u2netp' } : {}, async (c) => {
  const probe = createEnginePool({ model: c.engine.model, maxQueue: 0 });
  const workers = probe.stats().workers;
  await probe.close();
  // Room for one waiting task per worker, so the engine-only run never leaves a worker idle.
  return createEnginePool({
    model: c.engine.model,
    limitInputPixels: c.engine.maxInputPixels,
    maxQueue: workers * 2,
  });
});
const { engine, app, url: base } = server;
const workers = engine.stats().workers;

try {
  const { source, files } = await benchImages();
  log('# Batch benchmark');
  log();
  log(`${describeEmbedded(server)}; ${RUNS} run(s) of each.`);
  log(`Images: ${source}.`);
  log();

  const { cookie } = await benchPerson(base, app.database, {
    amount: IMAGES * (RUNS + 1),
    reference: 'bench:batch',
  });

  /** The same 50 images straight through the pool, keeping every worker busy. */
  async function engineRun(): Promise<number> {
    const start = performance.now();
    let next = 0;
    const lane = async () => {
      while (next < files.length) {
        const file = files[next++]!;
        await engine.run(file.bytes);
      }
    };
    await Promise.all(Array.from({ length: workers * 2 }, lane));
    return performance.now() - start;
  }

  /** A batch as the dashboard sends it; the time from starting it to its last job's end. */
  async function serverRun(): Promise<{ ms: number; batch: Batch }> {
    const started = Date.now();
    const created = await fetch(`${base}/api/batches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ items: files.map((f) => ({ name: f.name })) }),
    });
    if (created.status !== 201)
      throw new Error(`batch refused: ${created.status} ${await created.text()}`);
    let shown = batchSchema.parse(await created.json());
    const id = shown.id;
    const waiters: (() => void)[] = [];
    let polling = true;
    const poll = async () => {
      while (polling) {
        await new Promise((r) => setTimeout(r, 500));
        const res = await fetch(`${base}/api/batches/${id}`, { headers: { cookie } });
        shown = batchSchema.parse(await res.json());
        for (const resolve of waiters.splice(0)) resolve();
      }
    };
    const poller = poll();
    const byItem = new Map(shown.items.map((item, i) => [item.id, files[i]!]));
    await feed(
      shown.items.map((item) => ({
        itemId: item.id,
        file: new File([new Uint8Array(byItem.get(item.id)!.bytes)], item.originalName),
      })),
      {
        upload: async (entry) => {
          const form = new FormData();
          form.append('file', entry.file, entry.file.name);
          const res = await fetch(`${base}/api/batches/${id}/items/${entry.itemId}/image`, {
            method: 'PUT',
            headers: { cookie },
            body: form,
          });
          const body: unknown = await res.json();
          if (res.status !== 202)
            throw Object.assign(new Error(JSON.stringify(body)), { status: res.status });
          return batchItemSchema.parse(body);
        },
        inFlight: () => shown.counts.processing,
        changed: () => new Promise<void>((resolve) => waiters.push(resolve)),
        sleep: (delay) => new Promise((r) => setTimeout(r, delay)),
        isBusy: (error) => (error as { status?: number }).status === 503,
        onSent: (item) => {
          const items = shown.items.map((i) => (i.id === item.id ? item : i));
          const counts = { pending: 0, processing: 0, completed: 0, error: 0 };
          for (const i of items) counts[i.status]++;
          shown = { ...shown, items, counts };
        },
        onRefused: (entry, error) => {
          throw new Error(`image ${entry.file.name} refused: ${String(error)}`);
        },
      },
    );
    while (shown.counts.processing > 0 || shown.counts.pending > 0) {
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    polling = false;
    await poller;
    if (shown.counts.completed !== files.length) {
      throw new Error(`only ${shown.counts.completed} of ${files.length} images completed`);
    }
    // Exact end: the last job's own finish time, not the poll that noticed it.
    const last = await app.database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.max('finished_at').as('last'))
      .where(
        'id',
        'in',
        shown.items.map((i) => i.jobId!),
      )
      .executeTakeFirstOrThrow();
    return { ms: new Date(String(last.last)).getTime() - started, batch: shown };
  }

  /** Where the server's time went for a batch, from its jobs' own records. */
  async function jobBreakdown(batch: Batch) {
    const rows = await app.database.db
      .selectFrom('jobs')
      .select(['started_at', 'finished_at', 'timings'])
      .where(
        'id',
        'in',
        batch.items.map((i) => i.jobId!),
      )
      .orderBy('started_at')
      .execute();
    const timings = rows.map((r) => JSON.parse(r.timings ?? '{}') as Record<string, number>);
    const engineMs = timings.map(
      (t) => t.decodeMs! + t.preprocessMs! + t.inferenceMs! + t.refineMs! + t.encodeMs!,
    );
    const gaps: number[] = [];
    for (let i = 1; i < rows.length; i++) {
      gaps.push(
        new Date(rows[i]!.started_at!).getTime() - new Date(rows[i - 1]!.finished_at!).getTime(),
      );
    }
    return {
      engine: median(engineMs),
      store: median(timings.map((t) => t.storeMs!)),
      gap: median(gaps),
    };
  }

  progress('warming up (model load)');
  await engine.run(files[0]!.bytes);

  const engineTimes: number[] = [];
  const serverTimes: number[] = [];
  let lastBatch: Batch | undefined;
  for (let run = 1; run <= RUNS; run++) {
    progress(`run ${run}/${RUNS}: engine only`);
    engineTimes.push(await engineRun());
    progress(`run ${run}/${RUNS}: through the server (${ms(engineTimes.at(-1)!)} engine)`);
    const result = await serverRun();
    serverTimes.push(result.ms);
    lastBatch = result.batch;
    progress(`run ${run}/${RUNS}: server ${ms(result.ms)}`);
  }

  const engineMedian = median(engineTimes);
  const serverMedian = median(serverTimes);
  const perMinute = (wall: number) => ((files.length / wall) * 60_000).toFixed(1);
  const throughput = engineMedian / serverMedian;
  log(
    table(
      ['run', 'images', 'wall (median)', 'runs', 'images / min', 'throughput ÷ engine'],
      [
        [
          'engine only (pool.run, same images)',
          files.length,
          ms(engineMedian),
          engineTimes.map(ms).join(', '),
          perMinute(engineMedian),
          ratio(1),
        ],
        [
          'batch through the server',
          files.length,
          ms(serverMedian),
          serverTimes.map(ms).join(', '),
          perMinute(serverMedian),
          ratio(throughput),
        ],
      ],
    ),
  );
  log();
  log(
    `The server processes a batch at ${(throughput * 100).toFixed(1)}% of the engine's throughput (goal: ≥ 95%): ${throughput >= 0.95 ? 'met' : 'not met'}.`,
  );
  const breakdown = await jobBreakdown(lastBatch!);
  log();
  log(
    `Per image in the last server run (medians, from the jobs' records): engine stages ${ms(breakdown.engine)}, storing the three results ${ms(breakdown.store)}, from one job's end to the next one's start ${ms(breakdown.gap)}.`,
  );
  log();

  // The zip of the last batch, read as a browser reads it (streamed, nothing kept), while the
  // server's memory is sampled.
  progress('zipping');
  const batchId = lastBatch!.id;
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.external + before.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  }, 10);
  const zipStart = performance.now();
  const res = await fetch(`${base}/api/batches/${batchId}/download`, { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`zip failed: ${res.status}`);
  let zipBytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    zipBytes += value.byteLength;
  }
  const zipMs = performance.now() - zipStart;
  clearInterval(sampler);
  const baseHeap = before.heapUsed + before.external + before.arrayBuffers;
  log(
    table(
      ['zip', 'size', 'time', 'RSS before', 'RSS peak', 'RSS growth', 'JS heap + buffers growth'],
      [
        [
          res.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? '?',
          mb(zipBytes),
          ms(zipMs),
          mb(before.rss),
          mb(peakRss),
          mb(peakRss - before.rss),
          mb(peakHeap - baseHeap),
        ],
      ],
    ),
  );
  log();
  log(
    `Zipping ${files.length} images (${files.length * 3} PNGs, ${mb(zipBytes)}) grew the server's memory by ${mb(peakRss - before.rss)} at most: the zip is streamed from the stored files, one open at a time, not built in memory.`,
  );
} finally {
  await server.close();
}
