import { availableParallelism, cpus, loadavg } from 'node:os';
import { getModel } from '../../packages/engine/src/pipeline/remove-background.js';
import { flag, log, option, progress } from '../lib/cli.js';
import { davisSection } from './davis.js';
import { folderSection } from './folder-section.js';
import { sizedImages } from './images.js';
import { imglySection } from './imgly-section.js';
import { inferenceSection, spinningSection } from './inference-section.js';
import { memorySection } from './memory-section.js';
import { sessionMemorySection } from './session-memory-section.js';
import { speedSection } from './speed-section.js';

// `npm run bench:engine [-- --quick]`. Every figure is measured in this run on this machine;
// the machines are shared and noisy, so the two things compared are always run alternately
// (A, B, A, B, …) and ratios are given both as ratio of medians and median of paired ratios.

// `npm run bench:engine -- --quick` reaches this script as npm config (npm_config_quick),
// because the root script does not forward arguments; `tsx engine/run.ts --quick` works too.
const quick = flag('quick');
// `--davis` runs only section 0 (davis-dev speed and quality), the figure issue 18 asks for.
const davisOnly = flag('davis');
// `--limit N`: only N davis-dev photos (an even spread over the sequences), for iterating.
// `--models a,b`: the models section 0 measures (default isnet,isnet-fast).
const davisLimit = option('limit') ? Number(option('limit')) : undefined;
if (davisLimit !== undefined && !(Number.isInteger(davisLimit) && davisLimit > 0)) {
  throw new Error('--limit takes a whole number of photos, e.g. --limit 20.');
}
const davisModels = (option('models') ?? 'isnet,isnet-fast').split(',');
const RUNS = quick ? 2 : 5;
const IMGLY_RUNS = quick ? 1 : 3;
const MEMORY_IMAGES = quick ? 15 : 50;
const EXPERIMENT_RUNS = quick ? 2 : 4;

log(`# Engine benchmark`);
log();
log(
  `Load average at start: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min; 2 means both cores already busy with other work).`,
);
log();
log(
  `${new Date().toISOString()} · ${cpus()[0]?.model ?? 'cpu'} · ${availableParallelism()} cores · Node ${process.versions.node} · onnxruntime-node 1.30.0 · ${quick ? 'quick' : 'full'} run (${RUNS} runs per figure)`,
);
log();

// 1 + 2: bare inference vs Cutout end to end, same session, alternating.
progress('loading ISNet');
const model = await getModel('isnet');

// 0: davis-dev, real photos with ground truth, and the larger photos: Cutout against a bare
// run of the same weights by rembg's recipe, side by side.
await davisSection(await Promise.all(davisModels.map((name) => getModel(name))), {
  images: davisLimit ?? (quick ? 12 : 60),
  log,
  progress,
});
if (davisOnly) process.exit(0);
const sized = await sizedImages();
// Sections 1–7, each in its own file (speed-, imgly-, memory-, folder-, inference-, session-memory-section.ts).
await speedSection(model, sized, RUNS);
await imglySection(model, sized, IMGLY_RUNS);
await memorySection(sized, { count: MEMORY_IMAGES, quick });
await folderSection(model);
const reference = sized[0]!;
await inferenceSection(model, reference, EXPERIMENT_RUNS);
await spinningSection(reference, EXPERIMENT_RUNS);
await sessionMemorySection();

log(
  `Load average at the end: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ')}.`,
);
