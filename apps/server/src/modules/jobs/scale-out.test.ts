import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { randomIp } from '../../test/accounts.js';
import { photo } from '../../test/processing.js';
import { tempDir, testDatabaseUrl } from '../../test/test-app.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { addCredits } from '../credits/credits.service.js';

// Issue 17, "Done when": two API processes and two worker processes on loopback, against the
// local PostgreSQL (a database made for this test) and Redis (a key prefix of its own), results
// in an S3-compatible server started here. 40 jobs from four users go in through both APIs, one
// worker is killed (SIGKILL) in the middle of a job, and then every job has completed once, been
// charged once, and has results that either API hands out. The processes run the TypeScript
// sources (node --import tsx), so `npm test` needs no build first.

const redisUrl = process.env.TEST_REDIS_URL || undefined;
const skipReason = !testDatabaseUrl
  ? 'TEST_DATABASE_URL is not set'
  : !redisUrl
    ? 'TEST_REDIS_URL is not set'
    : undefined;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const JOBS = 40;
const USERS = 4;

interface Proc {
  name: string;
  child: ChildProcess;
  /** Log lines (pino JSON) seen so far. */
  lines: Record<string, unknown>[];
  onLine: ((line: Record<string, unknown>) => void)[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function spawnServer(name: string, entry: 'main' | 'worker', env: Record<string, string>): Proc {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(root, `apps/server/src/${entry}.ts`)],
    { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const proc: Proc = { name, child, lines: [], onLine: [] };
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      try {
        const line = JSON.parse(text) as Record<string, unknown>;
        proc.lines.push(line);
        for (const listener of proc.onLine) listener(line);
      } catch {
        // not a log line
      }
    }
  });
  // Errors of a child are this test's business: shown, not thrown.
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    process.stdout.write(`[${name}] ${chunk}`);
  });
  return proc;
}

/** `probe`'s value once it gives one, asked every 250 ms (vi.waitFor); fails naming `what`. */
async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe().catch(() => undefined);
      if (value === undefined) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: ms, interval: 250 },
  );
}

/** The first log line of `proc` that `match` accepts, seen already or when it comes. */
function lineOf(
  proc: Proc,
  match: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const seen = proc.lines.find(match);
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    proc.onLine.push((line) => {
      if (match(line)) resolve(line);
    });
    proc.child.once('exit', (code, signal) =>
      reject(new Error(`${proc.name} exited (${signal ?? code}) first`)),
    );
  });
}

async function stop(proc: Proc): Promise<void> {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(skipReason !== undefined)(
  `scale-out: two APIs and two workers on PostgreSQL, Redis and S3${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const procs: Proc[] = [];
    const apis: string[] = [];
    let workers: Proc[] = [];
    let s3: TestS3 | undefined;
    let handle: DatabaseHandle | undefined;
    let admin: pg.Client | undefined;
    let redis: Redis | undefined;
    const database = `cutout_scale_${randomBytes(5).toString('hex')}`;
    const prefix = `cutout-test-scale-${randomBytes(5).toString('hex')}`;
    const dirs: { remove: () => void }[] = [];

    beforeAll(async () => {
      const base = new URL(testDatabaseUrl!);
      admin = new pg.Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`create database ${database}`);
      const url = new URL(base);
      url.pathname = `/${database}`;
      s3 = await startTestS3(`scale-${randomBytes(4).toString('hex')}`);
      redis = new Redis(redisUrl!);
      const common = {
        NODE_ENV: 'test',
        // 'job claimed' lines (debug) tell which worker runs what.
        LOG_LEVEL: 'debug',
        // The AWS SDK's notice about Node 22 on every start.
        NODE_NO_WARNINGS: '1',
        DATABASE_URL: url.toString(),
        QUEUE_URL: redisUrl!,
        QUEUE_PREFIX: prefix,
        // A dead worker's job moves to another within seconds.
        QUEUE_LOCK_SECONDS: '4',
        QUEUE_STALLED_CHECK_SECONDS: '2',
        STORAGE_URL: s3.url,
        // Sessions and signed links made by one API are good on the other.
        AUTH_SECRET: randomBytes(24).toString('hex'),
        TRUST_PROXY: 'true',
        ENGINE_MODEL: 'u2netp',
        ENGINE_THREADS: '1',
        ENGINE_MEMORY_ARENA: 'false',
        JOB_QUEUE_SIZE: '100',
        PAYMENTS_PROVIDER: 'none',
        // Rendered once for all tests (as test-app.ts does).
        SAMPLES_DIR: path.join(tmpdir(), 'cutout-test-samples'),
      };
      // The first API migrates the database before anything else opens it.
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const proc = spawnServer(`api${i + 1}`, 'main', {
          ...common,
          PORT: String(port),
          DATA_DIR: tempDirFor(dirs),
          ENGINE_WORKERS: '0',
        });
        procs.push(proc);
        const api = `http://127.0.0.1:${port}`;
        await until(`api${i + 1}`, 90_000, async () =>
          (await fetch(`${api}/health`)).ok ? true : undefined,
        ).catch((error: unknown) => {
          process.stdout.write(`${proc.lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
          throw error;
        });
        apis.push(api);
      }
      workers = [0, 1].map((i) =>
        spawnServer(`worker${i + 1}`, 'worker', {
          ...common,
          DATA_DIR: tempDirFor(dirs),
          ENGINE_WORKERS: '1',
        }),
      );
      procs.push(...workers);
      for (const worker of workers) {
        await lineOf(worker, (l) => l.msg === 'Cutout worker is taking jobs');
      }
      handle = openDatabase({ dialect: 'postgres', url: url.toString() });
    }, 240_000);

    afterAll(async () => {
      await Promise.all(procs.map(stop));
      await handle?.close();
      await s3?.stop();
      if (redis) {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      if (admin) {
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
      for (const dir of dirs) dir.remove();
    }, 60_000);

    it('runs 40 jobs from four users once each, charged once, through a worker killed mid-job', async () => {
      const db = handle!.db;
      // Four people sign up, alternately on each API, and buy enough credits for their jobs.
      const users: { id: string; cookie: string }[] = [];
      for (let u = 0; u < USERS; u++) {
        const res = await fetch(`${apis[u % 2]}/api/auth/sign-up`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
          body: JSON.stringify({
            name: `Scale ${u}`,
            email: `scale${u}-${randomBytes(3).toString('hex')}@example.com`,
            password: 'correct horse battery',
          }),
        });
        expect(res.status).toBe(201);
        const cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0] ?? '')
          .filter((c) => c && !c.endsWith('='))
          .join('; ');
        const { user } = (await res.json()) as { user: { id: string } };
        await addCredits(db, user.id, {
          kind: 'adjustment',
          amount: 20,
          reason: 'scale test',
          reference: null,
        });
        users.push({ id: user.id, cookie });
      }
      const before = new Map<string, number>();
      for (const user of users) {
        const row = await db
          .selectFrom('users')
          .select('credits')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        before.set(user.id, row.credits);
      }

      const images = await Promise.all([1, 2, 3, 4].map((seed) => photo(480, 360, seed)));
      // Worker 1 is killed the moment it claims a job once a few have completed: that job is
      // then mid-run (claimed in the database, not finished).
      let victim: string | undefined;
      const killed = new Promise<string>((resolve) => {
        workers[0]!.onLine.push((line) => {
          if (victim || line.msg !== 'job claimed') return;
          const claimed = workers.flatMap((w) => w.lines).filter((l) => l.msg === 'job claimed');
          if (claimed.length < 6) return;
          victim = String(line.job);
          workers[0]!.child.kill('SIGKILL');
          resolve(victim);
        });
      });

      // 40 jobs, users in turn, sent alternately to each API.
      const jobs: { id: string; owner: number }[] = [];
      for (let i = 0; i < JOBS; i++) {
        const owner = i % USERS;
        const body = new FormData();
        const image = images[i % images.length]!;
        body.append(
          'file',
          new Blob([new Uint8Array(image.file)], { type: 'image/png' }),
          `p${i}.png`,
        );
        const res = await fetch(`${apis[i % 2]}/api/jobs`, {
          method: 'POST',
          headers: { cookie: users[owner]!.cookie },
          body,
        });
        expect(res.status, await res.clone().text()).toBe(202);
        jobs.push({ id: ((await res.json()) as { id: string }).id, owner });
      }

      // Progress crosses processes: job 0 was created on API 1; its event stream on API 2
      // reports its end.
      const stream = await fetch(`${apis[1]}/api/jobs/${jobs[0]!.id}/events`, {
        headers: { cookie: users[0]!.cookie },
      });
      const events = await stream.text();
      expect(events).toMatch(/"status":"completed"/);

      const victimId = await killed;
      expect(jobs.map((j) => j.id)).toContain(victimId);

      await until('every job to end', 180_000, async () => {
        const open = await db
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', ['queued', 'processing'])
          .execute();
        return open.length === 0 ? true : undefined;
      }).catch(async (error: unknown) => {
        // What was left, and what the workers said last: enough to tell slow from stuck.
        const left = await db
          .selectFrom('jobs')
          .select(['id', 'status', 'stage', 'attempts'])
          .where('status', 'in', ['queued', 'processing'])
          .execute();
        const said = workers.map((w) => w.lines.slice(-15).map((l) => JSON.stringify(l)));
        process.stdout.write(`${JSON.stringify({ victimId, left, said }, null, 1)}\n`);
        throw error;
      });

      const rows = await db.selectFrom('jobs').selectAll().execute();
      expect(rows).toHaveLength(JOBS);
      expect(rows.filter((r) => r.status !== 'completed')).toEqual([]);
      // The killed worker's job was taken over by the other and run once more.
      const taken = rows.find((r) => r.id === victimId)!;
      expect(taken.attempts).toBe(2);
      expect(workers[1]!.lines.some((l) => l.msg === 'took over an unfinished job')).toBe(true);

      // Charged exactly once per job, per user.
      const spends = await db
        .selectFrom('credit_ledger')
        .select(['user_id', 'reference', 'amount'])
        .where('kind', '=', 'spend')
        .execute();
      expect(spends).toHaveLength(JOBS);
      expect(new Set(spends.map((s) => s.reference)).size).toBe(JOBS);
      for (const [u, user] of users.entries()) {
        const mine = jobs.filter((j) => j.owner === u).map((j) => j.id);
        const charged = spends.filter((s) => s.user_id === user.id);
        expect(charged.map((s) => s.reference).sort()).toEqual([...mine].sort());
        const after = await db
          .selectFrom('users')
          .select('credits')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(after.credits).toBe(before.get(user.id)! - mine.length);
      }

      // Every result comes from either API (S3 behind both).
      for (const job of jobs) {
        for (const api of apis) {
          const res = await fetch(`${api}/api/jobs/${job.id}/results/transparent_bg`, {
            headers: { cookie: users[job.owner]!.cookie },
          });
          expect(res.status).toBe(200);
          const png = Buffer.from(await res.arrayBuffer());
          expect(png.subarray(1, 4).toString()).toBe('PNG');
        }
      }
    }, 360_000);

    it('cancels on one API a job sent to the other, charging nothing', async () => {
      const db = handle!.db;
      // The queue's own events say when no worker will do more with the job (BullMQ's job id is
      // ours): removed by the cancel before a worker took it, or completed by the one that had it.
      const redisAt = new URL(redisUrl!);
      const events = new QueueEvents('jobs', {
        connection: { host: redisAt.hostname, port: Number(redisAt.port || 6379) },
        prefix,
      });
      onTestFinished(() => events.close());
      await events.waitUntilReady();
      const settled = new Set<string>();
      const listeners = new Set<(id: string) => void>();
      const settle = (jobId: string) => {
        settled.add(jobId);
        for (const listener of listeners) listener(jobId);
      };
      events.on('completed', ({ jobId }) => settle(jobId));
      events.on('removed', ({ jobId }) => settle(jobId));
      const workersDone = (id: string) =>
        new Promise<void>((resolve) => {
          if (settled.has(id)) return resolve();
          listeners.add((jobId) => {
            if (jobId === id) resolve();
          });
        });
      const res = await fetch(`${apis[0]}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
        body: JSON.stringify({
          name: 'Cancel',
          email: `cancel-${randomBytes(3).toString('hex')}@example.com`,
          password: 'correct horse battery',
        }),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0] ?? '')
        .filter((c) => c && !c.endsWith('='))
        .join('; ');
      // Credits of its own: the free ones wait for a confirmed address (decision 0265).
      const { user } = (await res.json()) as { user: { id: string } };
      await addCredits(db, user.id, {
        kind: 'adjustment',
        amount: 1,
        reason: 'scale test',
        reference: null,
      });
      const body = new FormData();
      const image = await photo(1200, 900, 9);
      body.append('file', new Blob([new Uint8Array(image.file)], { type: 'image/png' }), 'c.png');
      const created = await fetch(`${apis[0]}/api/jobs`, {
        method: 'POST',
        headers: { cookie },
        body,
      });
      expect(created.status).toBe(202);
      const { id } = (await created.json()) as { id: string };
      const cancelled = await fetch(`${apis[1]}/api/jobs/${id}`, {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(cancelled.status).toBe(200);
      expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
      // Whatever the worker was doing with it, the job stays cancelled and uncharged.
      await workersDone(id);
      const row = await db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('cancelled');
      const spends = await db
        .selectFrom('credit_ledger')
        .select('id')
        .where('reference', '=', id)
        .execute();
      expect(spends).toEqual([]);
    }, 60_000);
  },
);

function tempDirFor(dirs: { remove: () => void }[]): string {
  const dir = tempDir('cutout-scale-');
  dirs.push(dir);
  return dir.dir;
}
