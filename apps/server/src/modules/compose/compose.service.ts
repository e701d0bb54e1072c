import { compositionTexts, type JobVariant } from '@cutout/contracts';
import {
  composite,
  isEngineError,
  type Background,
  type Composed,
  type CompositeOptions,
} from '@cutout/engine';
import sharp from 'sharp';
import { AppError, notFound } from '../../errors.js';
import { checkImage, FileTooLargeError, type ImageLimits } from '../jobs/image-input.js';
import type { JobRow } from '../jobs/jobs.service.js';
import { originalKey, resultKey } from '../jobs/result-files.js';
import { importImageFromUrl } from '../jobs/url-import.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { CompositionParams } from './compose.params.js';

// Composing a finished job's cut-out with the engine (decision 0190), for the public API's
// answers and the editor's exports alike. A background image is fetched or checked before
// anything runs — `prepare` — so a bad one is refused before a job is created or charged.

export interface CompositorOptions {
  store: ObjectStore;
  /** The same limits uploads are checked against. */
  imageLimits: ImageLimits;
  /** Hosts URL import may fetch even when they resolve to private addresses (tests only). */
  urlImportAllowHosts: readonly string[];
}

/** A request whose background image, if any, is in hand and known to decode. */
export interface PreparedComposition {
  params: CompositionParams;
  background: Background;
}

export interface ComposeOutput {
  /** Which stored result is the cut-out (refined by default). */
  source: JobVariant;
  channels?: 'rgba' | 'alpha';
  maxMegapixels?: number;
}

const expiredMessage =
  'This result is no longer available: results are deleted after the retention period. Please process the image again.';

/** The engine's refusals as HTTP errors (options were checked, so these are the images). */
function httpError(error: unknown): unknown {
  if (!isEngineError(error)) return error;
  switch (error.code) {
    case 'invalid_options':
      return new AppError(400, 'validation_failed', error.message);
    case 'image_too_large':
      return new AppError(413, 'payload_too_large', error.message);
    case 'unsupported_image':
      return new AppError(415, 'unsupported_media_type', error.message);
    case 'corrupt_image':
      return new AppError(422, 'unprocessable', error.message);
    default:
      return error;
  }
}

function hasPixels(roi: CompositionParams['roi']): boolean {
  return roi?.some((length) => 'px' in length && length.px !== 0) ?? false;
}

export class Compositor {
  constructor(private readonly options: CompositorOptions) {}

  /**
   * Fetches `bg_image_url` through the URL import's guard (public addresses only, checked at
   * connection time and after each redirect) or takes `bg_image_file`, then checks it like any
   * upload and decodes it once. Throws the AppError a person should see.
   */
  async prepare(params: CompositionParams): Promise<PreparedComposition> {
    const bg = params.background;
    const fit = bg.kind === 'image' ? bg.fit : 'cover';
    if (bg.kind !== 'image') {
      return { params, background: bg.kind === 'blur' ? { kind: 'blur' } : bg };
    }
    const field = 'url' in bg.source ? 'bg_image_url' : 'bg_image_file';
    let image: Buffer;
    try {
      image =
        'url' in bg.source
          ? (
              await importImageFromUrl(bg.source.url, {
                allowHosts: this.options.urlImportAllowHosts,
              })
            ).bytes
          : bg.source.file.bytes;
      await checkImage(image, this.options.imageLimits);
      // The header alone misses a truncated file: decode it (small, cheap) before relying on it.
      await sharp(image, { limitInputPixels: this.options.imageLimits.maxInputPixels })
        .resize(8, 8, { fit: 'fill' })
        .raw()
        .toBuffer();
    } catch (error) {
      // Too many bytes stays file_too_large on remove.bg's paths (its pixels are other 413s).
      if (error instanceof FileTooLargeError) {
        throw new FileTooLargeError(compositionTexts.backgroundImage(field, error.message), field);
      }
      if (error instanceof AppError) {
        throw new AppError(
          error.status,
          error.code,
          compositionTexts.backgroundImage(field, error.message),
        );
      }
      throw new AppError(
        422,
        'unprocessable',
        compositionTexts.backgroundImage(
          field,
          'This image file is damaged or incomplete and cannot be read. Please try another file.',
        ),
      );
    }
    return { params, background: { kind: 'image', image, fit } };
  }

  /** Composes the job's stored cut-out as prepared. */
  async compose(
    job: JobRow,
    prepared: PreparedComposition,
    output: ComposeOutput,
  ): Promise<Composed> {
    const { store } = this.options;
    const { params, background } = prepared;
    // The job's current version: a touched-up mask shows in every composition (decision 0150).
    const cutout = await store.read(resultKey(job, output.source));
    if (!cutout || job.purged_at !== null) throw notFound(expiredMessage);
    let original: Buffer | undefined;
    if (background.kind === 'blur') {
      original = await store.read(originalKey(job.id));
      if (!original) throw notFound(compositionTexts.blurNeedsOriginal);
    }
    let roiSpace: CompositeOptions['roiSpace'];
    if (params.roi && hasPixels(params.roi) && job.size === 'preview') {
      // A preview's results are smaller than the upload, whose pixels roi counts.
      original ??= await store.read(originalKey(job.id));
      const meta = original ? await sharp(original).metadata() : undefined;
      const width = meta?.autoOrient?.width ?? meta?.width;
      const height = meta?.autoOrient?.height ?? meta?.height;
      if (width && height) roiSpace = { width, height };
    }
    try {
      return await composite(
        { cutout, original },
        {
          background,
          shadow: params.shadow === undefined ? false : { opacity: params.shadow },
          scale: params.scale,
          position: params.position,
          roi: params.roi,
          roiSpace,
          crop: params.crop,
          cropMargin: params.cropMargin,
          channels: output.channels,
          maxMegapixels: output.maxMegapixels,
          limitInputPixels: this.options.imageLimits.maxInputPixels,
        },
      );
    } catch (error) {
      throw httpError(error);
    }
  }
}
