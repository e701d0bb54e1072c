import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { apiKeysApiPaths, publicApiPaths } from '@cutout/contracts';
import { uploadImages } from '../engine/images.js';
import { median, ms, percentile, table } from '../engine/stats.js';
import { log, numberOption, progress } from '../lib/cli.js';
import { benchPerson, freePort, processMemory, startServer } from '../lib/setup.js';

// `npm run bench:soak [-- --images=500 --concurrency=3]`: the embedded server (SQLite, local
// disk, the in-process engine pool) in a child process of its own, so its resident memory is the
// server's alone; 500 photo-like uploads through the public API (remove.bg's /v1.0/removebg with
// an API key) a few at a time. Prints the server's RSS at 100, 250 and 500 images and p50/p95
// latency per block of 100, then whether memory stayed flat and p95 stable.

const TOTAL = numberOption('images', 500);
const CONCURRENCY = numberOption('concurrency', 3);
const BLOCK = 100;
const CHECKPOINTS = [100, 250, 500].filter((n) => n <= TOTAL);

/** The server's resident memory now. */
function rssBytes(pid: number): number {
  const bytes = processMemory(pid, 'VmRSS');
  if (!bytes) throw new Error(`no VmRSS for process ${pid}`);
  return bytes;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

progress('drawing the images');
const uploads = await uploadImages();
const images = uploads.map((upload) => upload.file);

// The server from source (tsx), as `npm run dev` runs it: no build needed, and tsx's own
// memory is paid once at start, so it does not change growth.
const server = await startServer(
  await freePort(),
  // The per-key limit (100 a minute) is not what this measures.
  { API_RATE_LIMIT_PER_MINUTE: '1000000' },
  { fromSource: true, readyWithinMs: 120_000 },
);
const base = server.url;
const pid = server.child.pid!;

try {
  // Credits in the server's own database (WAL: both processes may hold it open).
  const { cookie } = await benchPerson(
    base,
    { at: { dialect: 'sqlite', file: path.join(server.dataDir, 'cutout.db') } },
    { amount: TOTAL + 20, reference: 'bench:soak' },
  );
  const created = await fetch(`${base}${apiKeysApiPaths.list}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'soak' }),
  });
  if (created.status !== 201) throw new Error(`API key creation failed: ${created.status}`);
  const apiKey = ((await created.json()) as { key: string }).key;

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
  const rssStart = rssBytes(pid);
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
        rssAt.set(n, rssBytes(pid));
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
      ` ${TOTAL} images (${uploads.map((upload) => upload.size).join(', ')} JPEG, ` +
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
  await server.stop();
}
