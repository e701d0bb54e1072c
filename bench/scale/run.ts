import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startTestS3, type TestS3 } from '../../apps/server/src/test/s3-server.js';
import { folderImages } from '../engine/images.js';
import { mb, median, ms, ratio, table } from '../engine/stats.js';
import { freePort, grantCredits, root, signUp, until } from '../lib/setup.js';

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

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('runs') ?? 3));
const IMAGES = Math.max(2, Number(arg('images') ?? 8));
const MODEL = arg('model') ?? 'isnet';

const log = (line = ''): void => console.log(line);
const progress = (line: string): void => void process.stderr.write(`… ${line}\n`);

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
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
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

/** Signs a person up (enough credits for the whole bench) and returns their cookie. */
async function person(api: string, credit: (userId: string) => Promise<void>): Promise<string> {
  const { userId, cookie } = await signUp(
    api,
    {
      name: 'Bench',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'correct horse battery',
    },
    { 'x-forwarded-for': `10.9.${rnd()}.${rnd()}` },
  );
  await credit(userId);
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

    const creditDb = async (url: string, userId: string) => {
      const { openDatabase } = await import('../../apps/server/src/db/database.js');
      const handle = openDatabase(
        url.startsWith('sqlite:')
          ? { dialect: 'sqlite', file: url.slice('sqlite:'.length) }
          : { dialect: 'postgres', url },
      );
      await grantCredits(handle.db, userId, 10_000, 'bench:scale');
      await handle.close();
    };
    const embeddedCookie = await person(embedded.url, (id) =>
      creditDb(`sqlite:${join(dataDir('embedded'), 'cutout.db')}`, id),
    );
    const cookie = await person(api.url, (id) => creditDb(databaseUrl, id));

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
      worker2Peak = Math.max(worker2Peak, peakRss(worker2.child.pid));
      await stop(worker2);
    }
    const worker1Rss = currentRss(worker1.child.pid);
    const worker1Peak = peakRss(worker1.child.pid);

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

function status(pid: number | undefined, field: string): number {
  if (!pid) return 0;
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}
const currentRss = (pid: number | undefined) => status(pid, 'VmRSS');
const peakRss = (pid: number | undefined) => status(pid, 'VmHWM');

await main();
