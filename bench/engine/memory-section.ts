import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from './child.js';
import { folderImages, type BenchImage } from './images.js';
import { log, progress } from '../lib/cli.js';
import { mb, table } from './stats.js';

interface Memory {
  baseline: number;
  rss: number[];
  maxRss: number;
}

/** Section 4: memory, in child processes running the pool as the server will. */
export async function memorySection(
  sized: BenchImage[],
  { count, quick }: { count: number; quick: boolean },
): Promise<void> {
  progress(`memory: ${count} images at 1 MP`);
  const memDir = await mkdtemp(join(tmpdir(), 'cutout-bench-mem-'));
  const memFiles = async (images: BenchImage[]): Promise<string[]> =>
    Promise.all(
      images.map(async (image, i) => {
        const file = join(memDir, `${i}.jpg`);
        await writeFile(file, image.file);
        return file;
      }),
    );
  let many: Memory;
  let big: Memory;
  let capped: Memory;
  try {
    const oneMp = (await folderImages()).slice(0, 3);
    many = await runChild<Memory>('memory-child.ts', [String(count), ...(await memFiles(oneMp))]);
    progress(`memory: ${count} images with MALLOC_ARENA_MAX=2`);
    capped = await runChild<Memory>(
      'memory-child.ts',
      [String(count), ...(await memFiles(oneMp))],
      {
        MALLOC_ARENA_MAX: '2',
      },
    );
    progress('memory: 12 MP');
    big = await runChild<Memory>('memory-child.ts', [
      quick ? '2' : '3',
      ...(await memFiles([sized[2]!])),
    ]);
  } finally {
    await rm(memDir, { recursive: true, force: true });
  }
  const warm = many.rss[Math.min(4, many.rss.length - 1)]!;
  const last = many.rss.at(-1)!;
  log('## 4. Memory (pool with one worker, child process)');
  log();
  log(
    table(
      ['run', 'peak RSS', 'RSS after image 5', `RSS after image ${many.rss.length}`, 'growth'],
      [
        [
          `${count} × 1–1.6 MP`,
          mb(many.maxRss),
          mb(warm),
          mb(last),
          `${mb(last - warm)} (${(((last - warm) / warm) * 100).toFixed(1)}%)`,
        ],
        [`${big.rss.length} × 12 MP`, mb(big.maxRss), '', mb(big.rss.at(-1)!), ''],
      ],
    ),
  );
  log();
  const checkpoints = (m: Memory): string =>
    m.rss
      .filter((_, i) => (i + 1) % 10 === 0 || i === 4)
      .map(mb)
      .join(', ');
  log(`RSS after images 5, 10, 20, …: ${checkpoints(many)}`);
  log();
  log(
    `The same ${count} images with MALLOC_ARENA_MAX=2 (glibc keeps fewer per-thread heaps): peak ${mb(capped.maxRss)}; RSS after images 5, 10, 20, …: ${checkpoints(capped)}`,
  );
  log();
  log('Goals: peak < 1.5 GB at 12 MP; no growth over 50 images beyond noise.');
  log();
}
