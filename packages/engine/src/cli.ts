import { Command, InvalidArgumentError } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { createEnginePool } from './pool/pool.js';
import { listModels } from './models/registry.js';
import { isEngineError } from './errors.js';
import type { ImageFormat } from './pipeline/encode.js';
import { VARIANTS, type RemoveBackgroundOptions, type Variant } from './pipeline/options.js';

const IMAGE_EXTENSIONS = new Set([
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.avif',
  '.heic',
  '.heif',
  '.tif',
  '.tiff',
  '.gif',
]);

interface RemoveFlags {
  output: string;
  model: string;
  format: ImageFormat;
  bgColor?: string;
  crop?: boolean;
  cropMargin?: number;
  maskOnly?: boolean;
  variants?: Variant[];
  maxMegapixels?: number;
  workers?: number;
  threads?: number;
}

async function collectInputs(paths: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new Error(`No such file or folder: ${path}`);
    if (info.isDirectory()) {
      const entries = await readdir(path, { withFileTypes: true });
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.isFile() && IMAGE_EXTENSIONS.has(extname(entry.name).toLowerCase())) {
          files.push(join(path, entry.name));
        }
      }
    } else {
      files.push(path);
    }
  }
  return files;
}

function integer(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('Expected a whole number.');
  return n;
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (!(n > 0)) throw new InvalidArgumentError('Expected a positive number.');
  return n;
}

function variantList(value: string): Variant[] {
  const list = value.split(',').map((v) => v.trim()) as Variant[];
  for (const v of list) {
    if (!VARIANTS.includes(v)) throw new InvalidArgumentError(`Unknown variant "${v}".`);
  }
  return list;
}

async function removeCommand(inputs: string[], flags: RemoveFlags): Promise<number> {
  const files = await collectInputs(inputs);
  if (files.length === 0) {
    console.error('No images found.');
    return 1;
  }
  await mkdir(flags.output, { recursive: true });
  const pool = createEnginePool({
    model: flags.model,
    workers: flags.workers,
    threads: flags.threads,
    maxQueue: files.length,
  });
  const options: RemoveBackgroundOptions = {
    format: flags.format,
    background: flags.bgColor,
    crop: flags.crop,
    cropMargin: flags.cropMargin,
    maskOnly: flags.maskOnly,
    variants: flags.variants ?? (flags.format === 'jpeg' ? ['white_bg'] : undefined),
    maxOutputMegapixels: flags.maxMegapixels,
  };
  const tty = process.stderr.isTTY === true && files.length > 1;
  const bar = tty
    ? new SingleBar(
        { format: 'cutout |{bar}| {value}/{total} images | {file}', stream: process.stderr },
        Presets.shades_classic,
      )
    : undefined;
  bar?.start(files.length, 0, { file: '' });

  const started = performance.now();
  let ok = 0;
  let failed = 0;
  const deferred: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const name = basename(file, extname(file));
      try {
        const input = await readFile(file);
        const result = await pool.run(input, options);
        for (const [variant, image] of Object.entries(result.outputs)) {
          await writeFile(
            join(
              flags.output,
              `${name}_${variant}.${image.format === 'jpeg' ? 'jpg' : image.format}`,
            ),
            image.data,
          );
        }
        ok++;
        if (!bar) {
          console.log(
            `ok    ${file} (${result.width}×${result.height}, ${Math.round(result.timings.totalMs)} ms)`,
          );
        }
      } catch (error) {
        failed++;
        const message = isEngineError(error)
          ? `${error.code}: ${error.message}`
          : (error as Error).message;
        // Lines written while the bar is drawn would tear it; report those after it stops.
        if (bar) deferred.push(`failed ${file}: ${message}`);
        else console.error(`failed ${file}: ${message}`);
      } finally {
        bar?.increment(1, { file: basename(file) });
      }
    }),
  );
  bar?.stop();
  for (const line of deferred) console.error(line);
  await pool.close();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${ok} of ${files.length} images processed, ${failed} failed, in ${seconds} s → ${flags.output}`,
  );
  return failed > 0 ? 1 : 0;
}

export function buildProgram(): Command {
  const program = new Command('cutout').description('Remove the background from images.');
  program
    .command('remove')
    .description('Write refined, white_bg and transparent_bg versions of each image.')
    .argument('<inputs...>', 'image files or folders of images')
    .requiredOption('-o, --output <dir>', 'folder for the results')
    .option(
      '-m, --model <name>',
      `model: ${listModels()
        .map((m) => m.name)
        .join(', ')}`,
      'isnet',
    )
    .option('-f, --format <format>', 'png, webp, or jpeg (white_bg only)', 'png')
    .option('--bg-color <colour>', 'background of white_bg, e.g. #ffffff')
    .option('--crop', 'crop the outputs to the subject')
    .option('--crop-margin <px>', 'margin around the subject when cropping', integer)
    .option('--mask-only', 'write only the alpha mask ({name}_mask)')
    .option('--variants <list>', 'comma-separated: refined,white_bg,transparent_bg', variantList)
    .option('--max-megapixels <mp>', 'downscale larger images to this size', positiveNumber)
    .option('--workers <n>', 'worker threads (default: sized for this machine)', integer)
    .option('--threads <n>', 'inference threads per worker', integer)
    .action(async (inputs: string[], flags: RemoveFlags) => {
      process.exitCode = await removeCommand(inputs, flags);
    });
  program
    .command('models')
    .description('List the built-in models.')
    .action(() => {
      for (const m of listModels()) {
        console.log(`${m.default ? '*' : ' '} ${m.name.padEnd(14)} ${m.description}`);
      }
    });
  return program;
}

try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  console.error(
    isEngineError(error) ? `${error.code}: ${error.message}` : (error as Error).message,
  );
  process.exitCode = 1;
}
