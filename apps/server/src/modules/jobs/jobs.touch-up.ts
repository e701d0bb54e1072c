import { jobVariants, sizeMegapixels } from '@cutout/contracts';
import { isEngineError, type TouchUpOptions, type TouchUpResult } from '@cutout/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, conflict, notFound, RetryLaterError } from '../../errors.js';
import type { ObjectStore } from '../storage/object-store.js';
import { busyMessage, retryAfterSeconds } from './jobs.errors.js';
import { claimResultEdit, findJob, setResultVersion } from './jobs.repository.js';
import type { JobRow } from './jobs.types.js';
import { originalKey, versionKey, type VersionFile } from './result-files.js';

// Touch-ups (issue 25, decision 0150): a person's edited alpha mask becomes a new version of the
// job's results, made by the engine in a worker from the original and the mask; the model's own
// results stay as version 0, and going back to them is one call. Nothing is charged: the job
// was charged when it completed.

export type TouchUpRunner = (
  original: Uint8Array,
  mask: Uint8Array,
  options: TouchUpOptions,
) => Promise<TouchUpResult>;

export interface JobTouchUpOptions {
  db: Db;
  store: ObjectStore;
  /** The engine's touch-up, on its worker pool. */
  touchUp: TouchUpRunner;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export const touchUpTexts = {
  expired:
    'This result is no longer available: results are deleted after the retention period. Please process the image again.',
  notReady: 'This image has no result to touch up yet.',
  notAnImage: 'The mask is not an image Cutout can read: send the mask as a PNG.',
} as const;

const files: readonly VersionFile[] = [...jobVariants, 'mask'];

/** The engine's refusals of a mask as HTTP errors; anything else stays as it is. */
function maskError(error: unknown): unknown {
  if (!isEngineError(error)) return error;
  switch (error.code) {
    case 'invalid_options':
      return new AppError(400, 'validation_failed', error.message);
    case 'corrupt_image':
    case 'unsupported_image':
    case 'empty_image':
      return new AppError(415, 'unsupported_media_type', touchUpTexts.notAnImage);
    case 'image_too_large':
      return new AppError(413, 'payload_too_large', error.message);
    case 'queue_full':
      return new RetryLaterError(busyMessage, retryAfterSeconds, 503);
    default:
      return error;
  }
}

export class JobTouchUp {
  private readonly now: () => Date;

  constructor(private readonly options: JobTouchUpOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** A completed job whose files are still kept; otherwise the error a person should see. */
  private editable(job: JobRow): { width: number; height: number } {
    if (job.purged_at !== null || new Date(job.expires_at).getTime() <= this.now().getTime()) {
      throw notFound(touchUpTexts.expired);
    }
    if (job.status !== 'completed' || job.width === null || job.height === null) {
      throw conflict(touchUpTexts.notReady);
    }
    return { width: job.width, height: job.height };
  }

  /**
   * Makes version n + 1 of the job's results from `mask` (the alpha at the result's size: a PNG
   * whose alpha channel, or grey level when it has none, is the subject) and serves it from now
   * on. A mask the engine refuses changes nothing.
   */
  async save(job: JobRow, mask: Buffer): Promise<JobRow> {
    const { db, store } = this.options;
    this.editable(job);
    if (mask.byteLength === 0)
      throw new AppError(415, 'unsupported_media_type', touchUpTexts.notAnImage);
    const original = await store.read(originalKey(job.id));
    if (!original) throw notFound(touchUpTexts.expired);
    let made: TouchUpResult;
    try {
      made = await this.options.touchUp(original, mask, {
        maxOutputMegapixels: job.size === 'preview' ? sizeMegapixels.preview : undefined,
      });
    } catch (error) {
      throw maskError(error);
    }
    if (made.width !== job.width || made.height !== job.height) {
      // The original decodes to another size than the results were made at: not the person's fault.
      throw new AppError(500, 'internal');
    }
    const version = await claimResultEdit(db, job.id);
    if (version === undefined) throw notFound(touchUpTexts.expired);
    await Promise.all(
      files.map((file) => store.put(versionKey(job.id, version, file), made.outputs[file].data)),
    );
    const updated = await setResultVersion(db, job.id, version);
    if (!updated) {
      // Deleted by the retention sweep meanwhile: none of its files may stay behind.
      await store.deletePrefix(job.id).catch(() => undefined);
      throw notFound(touchUpTexts.expired);
    }
    this.options.log.info({ job: job.id, version, ms: Math.round(made.totalMs) }, 'touch-up saved');
    return (await findJob(db, job.id)) ?? job;
  }

  /** Serves the model's own results again (version 0); the touched-up versions stay stored. */
  async reset(job: JobRow): Promise<JobRow> {
    this.editable(job);
    if (!(await setResultVersion(this.options.db, job.id, 0))) throw notFound(touchUpTexts.expired);
    return (await findJob(this.options.db, job.id)) ?? job;
  }
}
