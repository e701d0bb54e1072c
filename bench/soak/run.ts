import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiKeysApiPaths, publicApiPaths } from '@cutout/contracts';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { addCredits } from '../../apps/server/src/modules/credits/credits.service.js';
import { encodeScene, makeScene } from '../../packages/engine/test/synthetic.js';
import { median, ms, table } from '../engine/stats.js';

// `npm run bench:soak [-- --images=500 --concurrency=3]`: the embedded server (SQLite, local
// disk, the in-process engine pool) in a child process of its own, so its resident memory is the
// server's alone; 500 photo-like uploads through the public API (remove.bg's /v1.0/removebg with
// an API key) a few at a time. Prints the server's RSS at 100, 250 and 500 images and p50/p95
// latency per block of 100, then whether memory stayed flat and p95 stable.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string, fallback: number): number => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const TOTAL = arg('images', 500);
const CONCURRENCY = arg('concurrency', 3);
const BLOCK = 100;
const CHECKPOINTS = [100, 250, 500].filter((n) => n <= TOTAL);

const log = (line = ''): void => console.log(line);
const progress = (line: string): void => void process.stderr.write(`… ${line}\n`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Resident memory of a process, from the kernel (VmRSS, kB). */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// A few generated photo-like scenes (subject, hair strokes, cluttered background, grain) of
// the sizes phones and cameras send after a resize: 1.4–2.3 MP JPEGs.
const SCENES = [
  { width: 1600, height: 1200, shape: 'ellipse', hair: true, palette: 0 },
  { width: 1080, height: 1350, shape: 'rounded-rect', hair: false, palette: 1 },
  { width: 1920, height: 1200, shape: 'ellipse', hair: true, palette: 2 },
  { width: 1200, height: 1200, shape: 'rounded-rect', hair: true, palette: 3 },
] as const;

progress('drawing the images');
const images: Buffer[] = [];
for (const [i, spec] of SCENES.entries()) {
  images.push(await encodeScene(await makeScene({ ...spec, seed: 40 + i, clutter: true })));
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'cutout-bench-soak-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// The server from source (tsx), as `npm run dev` runs it: no build needed, and tsx's own
// memory is paid once at start, so it does not change growth.
const child = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The per-key limit (100 a minute) is not what this measures.
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    },
  },
);
const pid = child.pid!;

async function stopServer(): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /health within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Soak Test',
      email: 'soak@example.com',
      password: 'soak-password',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const created = await fetch(`${base}${apiKeysApiPaths.list}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'soak' }),
  });
  if (created.status !== 201) throw new Error(`API key creation failed: ${created.status}`);
  const apiKey = ((await created.json()) as { key: string }).key;
  // Credits the way an admin grant adds them, in the server's own database (WAL: both
  // processes may hold it open).
  const database = openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'cutout.db') });
  try {
    await addCredits(database.db, userId, {
      kind: 'grant',
      amount: TOTAL + 20,
      reason: 'soak benchmark',
      reference: 'bench:soak',
    });
  } finally {
    await database.close();
  }

  let sent = 0;
  async function removeBg(): Promise<number> {
    const image = images[sent++ % images.length]!;
    const form = new FormData();
    form.append('image_file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'p.jpg');
    form.append('size', 'auto');
    const start = performance.now();
    const res = await fetch(`${base}${publicApiPaths.removeBgCompatible}`, {
      method: 'POST',
      body: form,
      headers: { 'x-api-key': apiKey },
    });
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - start;
    if (res.status !== 200) {
      throw new Error(`HTTP ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
    }
    return elapsed;
  }

  progress('warming up (model load)');
  await removeBg();
  await removeBg();
  sent = 0;
  const rssStart = await rssBytes(pid);
  const startedAt = performance.now();

  const latencies: number[] = [];
  const rssAt = new Map<number, number>();
  let done = 0;
  let next = 0;
  async function lane(): Promise<void> {
    while (next < TOTAL) {
      next++;
      latencies.push(await removeBg());
      const n = ++done;
      if (n % BLOCK === 0) {
        // As it goes, so a run cut short still tells something.
        const block = latencies.slice(n - BLOCK, n);
        progress(
          `images ${n - BLOCK + 1}–${n}: p50 ${ms(median(block))}, p95 ${ms(percentile(block, 95))}`,
        );
      }
      if (CHECKPOINTS.includes(n)) {
        rssAt.set(n, await rssBytes(pid));
        progress(`${n}/${TOTAL} images, server RSS ${mib(rssAt.get(n)!)}`);
      } else if (n % 25 === 0) {
        progress(`${n}/${TOTAL} images`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => lane()));
  const wallMs = performance.now() - startedAt;

  log('# Soak benchmark');
  log();
  log(
    `${availableParallelism()} cores, load average at the end ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ')}; embedded server (SQLite, local disk, in-process engine) in its own process;` +
      ` ${TOTAL} images (${SCENES.map((s) => `${s.width}×${s.height}`).join(', ')} JPEG, ` +
      `${images.map((i) => `${Math.round(i.length / 1024)} KB`).join(', ')}) through POST ` +
      `${publicApiPaths.removeBgCompatible} with an API key, ${CONCURRENCY} at a time, ` +
      `${(wallMs / 60_000).toFixed(1)} min, ${((TOTAL / wallMs) * 60_000).toFixed(1)} images/min.`,
  );
  log();
  log(
    table(
      ['after', 'server RSS'],
      [
        ['warm-up (2 images)', mib(rssStart)],
        ...CHECKPOINTS.map((n) => [`${n} images`, mib(rssAt.get(n)!)]),
      ],
    ),
  );
  log();
  const blocks: number[][] = [];
  for (let i = 0; i < latencies.length; i += BLOCK) blocks.push(latencies.slice(i, i + BLOCK));
  log(
    table(
      ['images', 'p50 latency', 'p95 latency'],
      blocks.map((b, i) => [
        `${i * BLOCK + 1}–${i * BLOCK + b.length}`,
        ms(median(b)),
        ms(percentile(b, 95)),
      ]),
    ),
  );
  log();
  const mid = rssAt.get(250);
  const end = rssAt.get(500);
  const growth = mid && end ? ((end - mid) / mid) * 100 : Number.NaN;
  const firstP95 = percentile(blocks[0] ?? [], 95);
  const lastP95 = percentile(blocks.at(-1) ?? [], 95);
  const drift = ((lastP95 - firstP95) / firstP95) * 100;
  // Flat: under 5% more resident memory in the second half; stable: the last block's p95 not
  // more than 20% above the first's. One-sided: a soak looks for degradation, and a p95 that
  // falls on a shared machine means its load fell (the load average is printed above).
  const flat = Math.abs(growth) < 5;
  const stable = drift < 20;
  log(
    `Verdict: RSS ${Number.isFinite(growth) ? `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%` : 'n/a'} from 250 to 500 images (${flat ? 'flat' : 'NOT flat'}); ` +
      `p95 ${drift >= 0 ? '+' : ''}${drift.toFixed(1)}% from the first block of ${BLOCK} to the last (${stable ? 'stable' : 'NOT stable'}).`,
  );
} finally {
  await stopServer();
  await rm(dataDir, { recursive: true, force: true });
}
