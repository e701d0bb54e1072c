import { downloadName, type JobVariant } from '@cutout/contracts';
import sharp from 'sharp';
import { AppError } from '../../errors.js';
import type { JobRow } from '../jobs/jobs.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { ApiParams } from './public-api.params.js';

// The public API's answer image, made from the job's stored results: which variant, at which
// size, cropped or not, on a colour or transparent, RGBA or the mask alone, in which format.
// sharp does the pixel work on libuv's threads; only the subject's bounding box is found here.

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Rendered {
  data: Buffer;
  /** Media type of `data`. */
  type: string;
  fileName: string;
  width: number;
  height: number;
  /** The subject's box within the answer image (remove.bg's foreground_*). */
  foreground: Region;
}

const ALPHA_THRESHOLD = 10;

/** The box of pixels whose alpha is above the threshold; the whole image when there are none. */
export function subjectBox(alpha: Uint8Array, width: number, height: number): Region {
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height && top < 0; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++)
      if (alpha[row + x]! > ALPHA_THRESHOLD) {
        top = y;
        break;
      }
  }
  if (top < 0) return { left: 0, top: 0, width, height };
  for (let y = height - 1; y >= top && bottom < 0; y--) {
    const row = y * width;
    for (let x = 0; x < width; x++)
      if (alpha[row + x]! > ALPHA_THRESHOLD) {
        bottom = y;
        break;
      }
  }
  let left = width;
  let right = -1;
  for (let y = top; y <= bottom; y++) {
    const row = y * width;
    for (let x = 0; x < left; x++)
      if (alpha[row + x]! > ALPHA_THRESHOLD) {
        left = x;
        break;
      }
    for (let x = width - 1; x > right; x--)
      if (alpha[row + x]! > ALPHA_THRESHOLD) {
        right = x;
        break;
      }
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

function withMargin(
  box: Region,
  margin: ApiParams['cropMargin'],
  width: number,
  height: number,
): Region {
  const mx =
    margin === undefined
      ? 0
      : 'px' in margin
        ? margin.px
        : Math.round((box.width * margin.percent) / 100);
  const my =
    margin === undefined
      ? 0
      : 'px' in margin
        ? margin.px
        : Math.round((box.height * margin.percent) / 100);
  const left = Math.max(0, box.left - mx);
  const top = Math.max(0, box.top - my);
  return {
    left,
    top,
    width: Math.min(width, box.left + box.width + mx) - left,
    height: Math.min(height, box.top + box.height + my) - top,
  };
}

/** The stored result a request starts from. */
export function sourceVariant(params: ApiParams): JobVariant {
  // white_bg is the refined cutout on white (ARCHITECTURE.md), so it is made from refined: its
  // alpha gives the subject's box, and bg_color can replace the white.
  return params.variant === 'transparent_bg' ? 'transparent_bg' : 'refined';
}

const types = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', zip: 'application/zip' };

export async function renderResult(
  store: ObjectStore,
  job: JobRow,
  params: ApiParams,
  zip: (entries: { name: string; data: Buffer }[]) => Promise<Buffer>,
  /** Whether the answer reports the subject's box (remove.bg's answers do). */
  needsForeground = true,
): Promise<Rendered> {
  const variant = sourceVariant(params);
  const stored = await store.read(`${job.id}/${variant}.png`);
  if (!stored) throw new AppError(404, 'not_found', 'The result is no longer available.');
  const asStored =
    params.format === 'png' &&
    params.channels === 'rgba' &&
    !params.bgColor &&
    !params.crop &&
    params.maxMegapixels === undefined &&
    params.variant !== 'white_bg';
  if (asStored && !needsForeground && job.width !== null && job.height !== null) {
    // The stored PNG is the answer: no decoding, no second encode.
    const whole = { left: 0, top: 0, width: job.width, height: job.height };
    return {
      data: stored,
      type: types.png,
      fileName: downloadName(job.original_name, variant),
      width: job.width,
      height: job.height,
      foreground: whole,
    };
  }
  let image = sharp(stored).ensureAlpha();
  const meta = await sharp(stored).metadata();
  let width = meta.width ?? 0;
  let height = meta.height ?? 0;
  if (params.maxMegapixels !== undefined && width * height > params.maxMegapixels * 1e6) {
    const scale = Math.sqrt((params.maxMegapixels * 1e6) / (width * height));
    width = Math.max(1, Math.floor(width * scale));
    height = Math.max(1, Math.floor(height * scale));
    image = image.resize(width, height, { fit: 'fill' });
  }
  const raw = await image.raw().toBuffer({ resolveWithObject: true });
  width = raw.info.width;
  height = raw.info.height;
  // The alpha plane, separated by libvips off the event loop.
  const alpha = await sharp(raw.data, { raw: { width, height, channels: 4 } })
    .extractChannel(3)
    .raw()
    .toBuffer();
  let box = subjectBox(alpha, width, height);
  let region: Region = { left: 0, top: 0, width, height };
  if (params.crop) {
    region = withMargin(box, params.cropMargin, width, height);
    box = { ...box, left: box.left - region.left, top: box.top - region.top };
  }
  const base = () => {
    const s = sharp(raw.data, { raw: { width, height, channels: 4 } });
    return params.crop ? s.extract(region) : s;
  };
  const name = downloadName(
    job.original_name,
    params.variant === 'white_bg' ? 'white_bg' : variant,
  ).replace(/\.png$/, '');
  const out = (data: Buffer, format: keyof typeof types): Rendered => ({
    data,
    type: types[format],
    fileName: `${name}.${format}`,
    width: region.width,
    height: region.height,
    foreground: box,
  });

  if (params.format === 'zip') {
    // remove.bg's zip: the subject's colours as JPEG and its mask as PNG, to combine later.
    const [color, mask] = await Promise.all([
      base().removeAlpha().jpeg({ quality: 90 }).toBuffer(),
      base().extractChannel(3).png().toBuffer(),
    ]);
    return out(
      await zip([
        { name: 'color.jpg', data: color },
        { name: 'alpha.png', data: mask },
      ]),
      'zip',
    );
  }
  let pipeline = base();
  if (params.channels === 'alpha') {
    pipeline = pipeline.extractChannel(3);
  } else if (params.bgColor || params.format === 'jpg' || params.variant === 'white_bg') {
    const [r, g, b] = params.bgColor ?? [255, 255, 255];
    pipeline = pipeline.flatten({ background: { r, g, b } });
  }
  switch (params.format) {
    case 'jpg':
      return out(
        await pipeline.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer(),
        'jpg',
      );
    case 'webp':
      return out(
        await pipeline.webp({ quality: 90, alphaQuality: 100, effort: 2 }).toBuffer(),
        'webp',
      );
    default:
      return out(await pipeline.png({ compressionLevel: 6 }).toBuffer(), 'png');
  }
}
