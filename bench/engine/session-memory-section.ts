import { runChild } from './child.js';
import { log, progress } from '../lib/cli.js';
import { mb, median, ms, table } from './stats.js';

interface SessionMemory {
  variant: string;
  maxRss: number;
  rssAfter: number;
  times: number[];
}

/** Section 7: peak memory of the session alone, per variant, each in its own process. */
export async function sessionMemorySection(): Promise<void> {
  progress('session memory per variant');
  const memRows: (string | number)[][] = [];
  for (const variant of [
    'baseline',
    'no-arena no-mempattern',
    'fp32',
    'fp32 no-arena no-mempattern',
    'quint8',
    'quint8 no-arena no-mempattern',
  ]) {
    const r = await runChild<SessionMemory>('session-memory-child.ts', [variant]);
    memRows.push([variant, mb(r.maxRss), mb(r.rssAfter), ms(median(r.times))]);
  }
  log('## 7. One ISNet session alone in a process: peak memory per variant');
  log();
  log(
    'baseline = fp16 as shipped with onnxruntime defaults (arena and memory pattern on); Cutout uses "fp32 no-arena no-mempattern".',
  );
  log();
  log(
    table(
      ['variant', 'peak RSS', 'RSS after 2 runs', 'inference (median of 2, not alternated)'],
      memRows,
    ),
  );
  log();
}
