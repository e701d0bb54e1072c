import { downloadName, type JobVariant } from '@cutout/contracts';
import { encodeComposed, type Region } from '@cutout/engine';
import { AppError } from '../../errors.js';
import { composes } from '../compose/compose.params.js';
import type { Compositor, PreparedComposition } from '../compose/compose.service.js';
import type { JobRow } from '../jobs/jobs.service.js';
import { resultKey } from '../jobs/result-files.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { ApiParams } from './public-api.params.js';

// The public API's answer image, made from the job's stored results by the engine's one
// composition path (modules/compose, decision 0190): which variant, at which size, on which
// background, with a shadow, scaled, placed, cropped, RGBA or the mask alone, in which format.

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

/** The stored result a request starts from. */
export function sourceVariant(params: ApiParams): JobVariant {
  // white_bg is the refined cutout on white (ARCHITECTURE.md), so it is made from refined: its
  // alpha gives the subject's box, and a background can replace the white.
  return params.variant === 'transparent_bg' ? 'transparent_bg' : 'refined';
}

const types = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', zip: 'application/zip' };

export async function renderResult(
  store: ObjectStore,
  compositor: Compositor,
  job: JobRow,
  params: ApiParams,
  prepared: PreparedComposition,
  zip: (entries: { name: string; data: Buffer }[]) => Promise<Buffer>,
  /** Whether the answer reports the subject's box (remove.bg's answers do). */
  needsForeground = true,
): Promise<Rendered> {
  const variant = sourceVariant(params);
  const name = downloadName(
    job.original_name,
    params.variant === 'white_bg' ? 'white_bg' : variant,
  ).replace(/\.png$/, '');
  const asStored =
    params.format === 'png' &&
    params.channels === 'rgba' &&
    !composes(params.composition) &&
    params.maxMegapixels === undefined;
  if (asStored && !needsForeground && job.width !== null && job.height !== null) {
    // The stored PNG is the answer: no decoding, no second encode.
    const stored = await store.read(resultKey(job, variant));
    if (!stored) throw new AppError(404, 'not_found', 'The result is no longer available.');
    const whole = { left: 0, top: 0, width: job.width, height: job.height };
    return {
      data: stored,
      type: types.png,
      fileName: `${name}.png`,
      width: job.width,
      height: job.height,
      foreground: whole,
    };
  }
  const composed = await compositor.compose(job, prepared, {
    source: variant,
    // remove.bg's zip always carries the colours and the mask.
    channels: params.format === 'zip' ? 'rgba' : params.channels,
    maxMegapixels: params.maxMegapixels,
  });
  const out = (data: Buffer, format: keyof typeof types): Rendered => ({
    data,
    type: types[format],
    fileName: `${name}.${format}`,
    width: composed.width,
    height: composed.height,
    foreground: composed.foreground,
  });

  if (params.format === 'zip') {
    // remove.bg's zip: the colours as JPEG and the mask as PNG, to combine later.
    // An opaque composition (3 bands) has a mask that is white everywhere.
    const opaque = composed.channels === 3;
    const [color, mask] = await Promise.all([
      (opaque ? composed.image() : composed.image().removeAlpha()).jpeg({ quality: 90 }).toBuffer(),
      (opaque
        ? composed.image().extractChannel(0).linear(0, 255)
        : composed.image().extractChannel(3)
      )
        .png()
        .toBuffer(),
    ]);
    return out(
      await zip([
        { name: 'color.jpg', data: color },
        { name: 'alpha.png', data: mask },
      ]),
      'zip',
    );
  }
  const format = params.format === 'jpg' ? 'jpeg' : params.format === 'webp' ? 'webp' : 'png';
  const encoded = await encodeComposed(composed, format);
  return out(encoded.data, params.format);
}
