import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnginePool } from '@cutout/engine';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig, type Config, type DatabaseConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { addCredits } from '../../apps/server/src/modules/credits/credits.service.js';

// The set-ups the benchmarks share: a free loopback port, the server in a process of its own or
// the app in this one (each on a throwaway data directory), stopping a process and reading its
// memory, a person signed up through the real route with credits granted the way an admin grant
// adds them. Everything listens on 127.0.0.1 and is stopped by the caller, by the process it
// started.

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A loopback port nobody listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Asks `probe` every 200 ms until it answers true (a failure counts as not yet). */
export async function until(
  what: string,
  probe: () => Promise<boolean>,
  ms = 120_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Ends a process this script started: SIGTERM, then (with `killAfterMs`) SIGKILL if it has not
 * exited by then. Resolves once it has exited.
 */
export async function stopProcess(child: ChildProcess, killAfterMs?: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer =
    killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** A process's memory from the kernel (`VmRSS` now, `VmHWM` at its peak), in bytes; 0 if gone. */
export function processMemory(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  if (!pid) return 0;
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * The server's main process on loopback: the built one (apps/server/dist, as production runs it)
 * or, with `fromSource`, from source through tsx as `npm run dev` runs it (no build needed). Ready
 * once /health answers; its data directory is removed when it stops.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { fromSource?: boolean; readyWithinMs?: number } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-bench-'));
  const entry = options.fromSource
    ? ['--conditions=source', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')]
    : [path.join(root, 'apps/server/dist/main.js')];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  try {
    await until(
      'the server',
      async () => exited() || (await fetch(`${url}/health`)).ok,
      options.readyWithinMs ?? 30_000,
    );
    if (exited()) throw new Error(`the server exited with code ${child.exitCode}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, dataDir, stop };
}

export interface EmbeddedApp {
  config: Config;
  engine: EnginePool;
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
}

/**
 * The app in this process, listening on a loopback port, on an engine pool the caller makes from
 * the app's config (so a benchmark can also run that pool directly, beside the server).
 */
export async function startEmbedded(
  name: string,
  env: Record<string, string>,
  makeEngine: (config: Config) => EnginePool | Promise<EnginePool>,
): Promise<EmbeddedApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cutout-bench-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-password',
    ...env,
  });
  const engine = await makeEngine(config);
  const app = await buildApp(config, { engine, webApp: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    config,
    engine,
    app,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The machine and the embedded app's engine, for the first line of a report (no full stop). */
export function describeEmbedded({ engine, config }: EmbeddedApp): string {
  const stats = engine.stats();
  const load = loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
  return `${availableParallelism()} cores, load average at start ${load}; model ${stats.model}, ${stats.workers} worker(s) × ${stats.threadsPerWorker} thread(s); ${config.database.dialect}; results on local disk`;
}

export interface Person {
  userId: string;
  /** The Cookie header a browser sends after signing up. */
  cookie: string;
}

/** Signs a person up through POST /api/auth/sign-up. */
export async function signUp(
  url: string,
  person: { name: string; email: string; password: string },
  headers: Record<string, string> = {},
): Promise<Person> {
  const res = await fetch(`${url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(person),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
  return { userId: user.id, cookie };
}

/**
 * Credits the way an admin grant adds them, straight into the server's database: `db` when the
 * app runs in this process, else the database at `at`, opened for the grant and closed (SQLite
 * in WAL mode lets the server's process hold it open meanwhile).
 */
export async function grantCredits(
  database: { db: Db } | { at: DatabaseConfig },
  userId: string,
  amount: number,
  reference: string,
): Promise<void> {
  const grant = { kind: 'grant', amount, reason: 'benchmark', reference } as const;
  if ('db' in database) {
    await addCredits(database.db, userId, grant);
    return;
  }
  const handle = openDatabase(database.at);
  try {
    await addCredits(handle.db, userId, grant);
  } finally {
    await handle.close();
  }
}

/**
 * A person of the benchmark: signed up through the real route (with `headers`, e.g. an
 * X-Forwarded-For of their own) and given `credits`, enough for every image the run sends.
 */
export async function benchPerson(
  url: string,
  database: Parameters<typeof grantCredits>[0],
  credits: { amount: number; reference: string },
  headers: Record<string, string> = {},
): Promise<Person> {
  const person = await signUp(
    url,
    {
      name: 'Bench Mark',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'benchmark-password',
    },
    headers,
  );
  await grantCredits(database, person.userId, credits.amount, credits.reference);
  return person;
}
