import { removeBackgroundResponseSchema, type JobTimings } from '@cutout/contracts';
import { createEnginePool } from '@cutout/engine';
import { sizedImages } from '../engine/images.js';
import { median, ms, percentile, ratio, table } from '../engine/stats.js';
import { flag, log, progress } from '../lib/cli.js';
import { benchPerson, describeEmbedded, startEmbedded } from '../lib/setup.js';

// `npm run bench:api [-- --quick]`: POST /remove-background/ on the real server (loopback, the
// product's default model and pool sizing) with a 4 MP photo — 20 sequential and 8 concurrent
// uploads — against the engine's own time for the same image in the same process. Engine-only
// runs alternate with the sequential requests, so both see the same machine load.

const quick = flag('quick');
const SEQUENTIAL = quick ? 5 : 20;
const CONCURRENT = quick ? 4 : 8;

const server = await startEmbedded('api', {}, (config) =>
  createEnginePool({
    model: config.engine.model,
    limitInputPixels: config.engine.maxInputPixels,
    maxQueue: 2,
  }),
);
const { engine, url: base } = server;

try {
  const stats = engine.stats();
  log('# API benchmark');
  log();
  log(`${describeEmbedded(server)}.`);

  const { cookie } = await benchPerson(base, server.app.database, {
    amount: 1000,
    reference: 'bench:api',
  });

  const photo = (await sizedImages()).find((image) => image.label === '4 MP');
  if (!photo) throw new Error('no 4 MP image');
  log(
    `Image: ${photo.scene.width}×${photo.scene.height} JPEG, ${(photo.file.length / 1024).toFixed(0)} KB.`,
  );
  log();

  async function post(): Promise<{ ms: number; timings: JobTimings }> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(photo!.file)], { type: 'image/jpeg' }),
      'bench-4mp.jpg',
    );
    const start = performance.now();
    const res = await fetch(`${base}/remove-background/`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    const body: unknown = await res.json();
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body)}`);
    return { ms: elapsed, timings: removeBackgroundResponseSchema.parse(body).timings };
  }

  async function engineOnly(): Promise<number> {
    const start = performance.now();
    await engine.run(photo!.file);
    return performance.now() - start;
  }

  progress('warming up (model load)');
  await engineOnly();
  await post();

  const engineTimes: number[] = [];
  const sequential: number[] = [];
  const serverTimings: JobTimings[] = [];
  const sequentialStart = performance.now();
  let sequentialWall = 0;
  for (let i = 0; i < SEQUENTIAL; i++) {
    progress(`sequential ${i + 1}/${SEQUENTIAL}`);
    engineTimes.push(await engineOnly());
    const requestStart = performance.now();
    const result = await post();
    sequentialWall += performance.now() - requestStart;
    sequential.push(result.ms);
    serverTimings.push(result.timings);
  }
  progress(`sequential done in ${Math.round(performance.now() - sequentialStart)} ms`);

  progress(`${CONCURRENT} concurrent`);
  const concurrentStart = performance.now();
  const concurrent = await Promise.all(Array.from({ length: CONCURRENT }, () => post()));
  const concurrentWall = performance.now() - concurrentStart;

  const engineP50 = median(engineTimes);
  const seqP50 = median(sequential);
  const concurrentMs = concurrent.map((r) => r.ms);
  const perMinute = (count: number, wall: number) => ((count / wall) * 60_000).toFixed(1);

  log(
    table(
      ['run', 'images', 'images / min', 'p50 latency', 'p95 latency', 'p50 ÷ engine p50'],
      [
        [
          'engine only (pool.run, same image)',
          SEQUENTIAL,
          perMinute(
            engineTimes.length,
            engineTimes.reduce((a, b) => a + b, 0),
          ),
          ms(engineP50),
          ms(percentile(engineTimes, 95)),
          ratio(1),
        ],
        [
          'POST /remove-background/, sequential',
          SEQUENTIAL,
          perMinute(SEQUENTIAL, sequentialWall),
          ms(seqP50),
          ms(percentile(sequential, 95)),
          ratio(seqP50 / engineP50),
        ],
        [
          `POST /remove-background/, ${CONCURRENT} concurrent`,
          CONCURRENT,
          perMinute(CONCURRENT, concurrentWall),
          ms(median(concurrentMs)),
          ms(percentile(concurrentMs, 95)),
          ratio(median(concurrentMs) / engineP50),
        ],
      ],
    ),
  );
  log();
  const overhead = seqP50 / engineP50 - 1;
  log(
    `HTTP, queue and storage add ${(overhead * 100).toFixed(1)}% to the engine's time at p50 (goal: under 10%): ${overhead < 0.1 ? 'met' : 'not met'}.`,
  );
  log();
  log('Where a sequential request spends its time, as the server reports it (medians):');
  const keys = [
    'queueMs',
    'decodeMs',
    'preprocessMs',
    'inferenceMs',
    'refineMs',
    'encodeMs',
    'storeMs',
    'totalMs',
  ] as const;
  log(table([...keys], [keys.map((k) => ms(median(serverTimings.map((t) => t[k]))))]));
  log();
  log(
    `Concurrent requests wait for the ${stats.workers} worker(s) in the job queue: with ${CONCURRENT} at once, latency grows with the place in the queue while throughput stays that of the workers.`,
  );
} finally {
  await server.close();
}
