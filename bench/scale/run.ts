import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startTestS3, type TestS3 } from '../../apps/server/src/test/s3-server.js';
import { folderImages } from '../engine/images.js';
import { mb, median, ms, ratio, table } from '../engine/stats.js';
import type { DatabaseConfig } from '../../apps/server/src/config.js';
import { log, numberOption, option, progress } from '../lib/cli.js';
import { benchPerson, freePort, processMemory, root, stopProcess, until } from '../lib/setup.js';

// `npm run bench:scale [-- --runs N] [-- --images N] [-- --model u2netp]`: the scale-out mode
// (issue 17) on this machine.
//
// 1. Throughput: one API process (ENGINE_WORKERS=0) and one, then two, worker processes
//    (ENGINE_WORKERS=1, ENGINE_THREADS=1 each) on BullMQ/Redis and an S3-compatible server
//    (s3rver). The same images are sent at once; images per second from the first request to
//    the last job's end. Runs alternate (1, 2, 1, 2, …) so load on the shared machine falls on
//    both; the figures are medians and the ratio is of the medians.
// 2. Added latency: the same images one at a time through the embedded mode (one process,
//    in-process queue, results on local disk) and through the queue+S3 path with one worker,
//    alternating; median time from the upload to the job's end (its event stream), and the ratio.
// 3. Memory: the resident set (VmHWM, peak) of a worker process after its runs.
//
// Redis: QUEUE_URL or TEST_REDIS_URL (default redis://127.0.0.1:6379), with a key prefix of its
// own. Database: TEST_DATABASE_URL's server (a database made and dropped here) when set, else a
// SQLite file shared by the processes. Images: drawn by bench/engine/images.ts.

const RUNS = numberOption('runs', 3);
const IMAGES = Math.max(2, numberOption('images', 8));
const MODEL = option('model') ?? 'isnet';

interface Proc {
  name: string;
  child: ChildProcess;
  lines: string[];
}

function start(name: string, entry: 'main' | 'worker', env: Record<string, string>): Proc {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(root, `apps/server/src/${entry}.ts`)],
    { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const proc: Proc = { name, child, lines: [] };
  started.push(proc);
  child.stdout?.setEncoding('utf8').on('data', (c: string) => proc.lines.push(...c.split('\n')));
  child.stderr
    ?.setEncoding('utf8')
    .on('data', (c: string) => process.stderr.write(`[${name}] ${c}`));
  return proc;
}

async function stop(proc: Proc | undefined): Promise<void> {
  if (proc) await stopProcess(proc.child, 30_000);
}

async function startApi(env: Record<string, string>): Promise<{ proc: Proc; url: string }> {
  const port = await freePort();
  const proc = start(`api:${port}`, 'main', { ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await until('the API', async () => (await fetch(`${url}/health`)).ok);
  return { proc, url };
}

async function startWorker(name: string, env: Record<string, string>): Promise<Proc> {
  const proc = start(name, 'worker', env);
  await until(name, async () => proc.lines.some((l) => l.includes('Cutout worker is taking jobs')));
  return proc;
}

/** A person with enough credits for the whole bench, from an address of their own. */
async function person(api: string, at: DatabaseConfig): Promise<string> {
  const { cookie } = await benchPerson(
    api,
    { at },
    { amount: 10_000, reference: 'bench:scale' },
    { 'x-forwarded-for': `10.9.${rnd()}.${rnd()}` },
  );
  return cookie;
}

const rnd = () => Math.floor(Math.random() * 250) + 1;

/** Uploads one image and resolves when its event stream reports the end. */
async function runOne(api: string, cookie: string, image: Buffer, name: string): Promise<number> {
  const started = performance.now();
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(image)]), name);
  const res = await fetch(`${api}/api/jobs`, { method: 'POST', headers: { cookie }, body });
  if (res.status !== 202) throw new Error(`upload refused: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const events = await (
    await fetch(`${api}/api/jobs/${id}/events`, { headers: { cookie } })
  ).text();
  if (!events.includes('"status":"completed"')) throw new Error(`job ${id} did not complete`);
  return performance.now() - started;
}

/** Every process started here, so an interrupted run still stops them. */
const started: Proc[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const proc of started) proc.child.kill('SIGTERM');
    process.exit(130);
  });
}

async function main(): Promise<void> {
  const redisUrl = process.env.QUEUE_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pgUrl = process.env.TEST_DATABASE_URL;
  const drawn = await folderImages();
  const images = Array.from({ length: IMAGES }, (_, i) => drawn[i % drawn.length]!);
  const work = await mkdtemp(join(tmpdir(), 'cutout-bench-scale-'));
  const prefix = `cutout-bench-scale-${randomBytes(4).toString('hex')}`;
  const procs: Proc[] = [];
  let s3: TestS3 | undefined;
  let pgAdmin: pg.Client | undefined;
  let dbName: string | undefined;
  const redis = new Redis(redisUrl);
  try {
    let databaseUrl = `sqlite:${join(work, 'cutout.db')}`;
    if (pgUrl) {
      pgAdmin = new pg.Client({ connectionString: pgUrl });
      await pgAdmin.connect();
      dbName = `cutout_bench_${randomBytes(4).toString('hex')}`;
      await pgAdmin.query(`create database ${dbName}`);
      const u = new URL(pgUrl);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
    s3 = await startTestS3(`bench-${randomBytes(4).toString('hex')}`);
    const common = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // The AWS SDK's notice about Node 22 on every start.
      NODE_NO_WARNINGS: '1',
      AUTH_SECRET: randomBytes(24).toString('hex'),
      TRUST_PROXY: 'true',
      ENGINE_MODEL: MODEL,
      ENGINE_THREADS: '1',
      JOB_QUEUE_SIZE: String(IMAGES * 2),
      PAYMENTS_PROVIDER: 'none',
      SAMPLES_DIR: join(work, 'samples'),
    };
    const scaled = {
      ...common,
      DATABASE_URL: databaseUrl,
      QUEUE_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      STORAGE_URL: s3.url,
    };
    const dataDir = (name: string) => join(work, name);

    progress(`embedded server (${MODEL}, 1 engine worker, SQLite, local disk)`);
    const embedded = await startApi({
      ...common,
      DATA_DIR: dataDir('embedded'),
      ENGINE_WORKERS: '1',
    });
    procs.push(embedded.proc);
    progress('scale-out: API (no engine) and worker 1');
    const api = await startApi({ ...scaled, DATA_DIR: dataDir('api'), ENGINE_WORKERS: '0' });
    procs.push(api.proc);
    const worker1 = await startWorker('worker1', {
      ...scaled,
      DATA_DIR: dataDir('w1'),
      ENGINE_WORKERS: '1',
    });
    procs.push(worker1);

    const embeddedCookie = await person(embedded.url, {
      dialect: 'sqlite',
      file: join(dataDir('embedded'), 'cutout.db'),
    });
    const cookie = await person(
      api.url,
      databaseUrl.startsWith('sqlite:')
        ? { dialect: 'sqlite', file: databaseUrl.slice('sqlite:'.length) }
        : { dialect: 'postgres', url: databaseUrl },
    );

    // Warm-up: each path loads its model and opens its connections once.
    await runOne(embedded.url, embeddedCookie, images[0]!.file, 'warm.png');
    await runOne(api.url, cookie, images[0]!.file, 'warm.png');

    progress(`added latency: ${IMAGES} images one at a time, ${RUNS} alternating runs`);
    const latency = { embedded: [] as number[], queued: [] as number[] };
    for (let r = 0; r < RUNS; r++) {
      for (const [i, image] of images.entries()) {
        latency.embedded.push(await runOne(embedded.url, embeddedCookie, image.file, `e${i}`));
        latency.queued.push(await runOne(api.url, cookie, image.file, `q${i}`));
      }
    }
    await stop(embedded.proc);

    const burst = async (): Promise<number> => {
      const started = performance.now();
      await Promise.all(images.map((image, i) => runOne(api.url, cookie, image.file, `b${i}`)));
      return IMAGES / ((performance.now() - started) / 1000);
    };
    const throughput = { one: [] as number[], two: [] as number[] };
    let worker2Peak = 0;
    for (let r = 0; r < RUNS; r++) {
      progress(`throughput run ${r + 1} of ${RUNS}: one worker`);
      throughput.one.push(await burst());
      progress(`throughput run ${r + 1} of ${RUNS}: two workers`);
      const worker2 = await startWorker(`worker2-${r}`, {
        ...scaled,
        DATA_DIR: dataDir(`w2-${r}`),
        ENGINE_WORKERS: '1',
      });
      procs.push(worker2);
      // Its model loads with its first job: two images at once first, so both are warm.
      await Promise.all([0, 1].map((i) => runOne(api.url, cookie, images[i]!.file, 'warm.png')));
      throughput.two.push(await burst());
      worker2Peak = Math.max(worker2Peak, processMemory(worker2.child.pid, 'VmHWM'));
      await stop(worker2);
    }
    const worker1Rss = processMemory(worker1.child.pid, 'VmRSS');
    const worker1Peak = processMemory(worker1.child.pid, 'VmHWM');

    const one = median(throughput.one);
    const two = median(throughput.two);
    const e = median(latency.embedded);
    const q = median(latency.queued);
    log(
      `# bench:scale — ${MODEL}, ${IMAGES} images (${drawn.length} drawn photos, 0.7–3 MP), ${RUNS} runs`,
    );
    log(
      `machine: ${availableParallelism()} cores; database: ${pgUrl ? 'PostgreSQL' : 'SQLite'}; queue: BullMQ on ${redisUrl}; storage: s3rver`,
    );
    log();
    log('## Throughput (all images sent at once; median of runs)');
    log(
      table(
        ['workers', 'images/s (median)', 'runs'],
        [
          ['1', one.toFixed(2), throughput.one.map((v) => v.toFixed(2)).join(', ')],
          ['2', two.toFixed(2), throughput.two.map((v) => v.toFixed(2)).join(', ')],
        ],
      ),
    );
    log(`two workers ÷ one worker: ${ratio(two / one)}`);
    log();
    log('## Added latency of the queue + S3 path (one image at a time; median per image)');
    log(
      table(
        ['path', 'median', 'images'],
        [
          ['embedded (in-process queue, local disk)', ms(e), String(latency.embedded.length)],
          [
            'scale-out (BullMQ + Redis pub/sub + S3, 1 worker)',
            ms(q),
            String(latency.queued.length),
          ],
        ],
      ),
    );
    log(`scale-out ÷ embedded: ${ratio(q / e)} (+${ms(q - e)} per image)`);
    log();
    log('## Memory of one worker process');
    log(
      `worker 1 now: ${mb(worker1Rss)}; peak: ${mb(worker1Peak)}; worker 2 peak: ${mb(worker2Peak)}`,
    );
  } finally {
    for (const proc of procs.reverse()) await stop(proc);
    await s3?.stop();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    if (pgAdmin && dbName) {
      await pgAdmin.query(`drop database if exists ${dbName} with (force)`);
      await pgAdmin.end();
    }
    await rm(work, { recursive: true, force: true });
  }
}

await main();
