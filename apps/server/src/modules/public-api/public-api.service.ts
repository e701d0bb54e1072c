import { authTexts, publicApiTexts, type JobsPage, type PublicAccount } from '@cutout/contracts';
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { inputFromUrl, type UploadedFile } from '../jobs/jobs.input.js';
import { listUserJobs } from '../jobs/jobs.repository.js';
import {
  previewsLeft,
  usageOf,
  type JobInput,
  type JobRow,
  type JobsService,
} from '../jobs/jobs.service.js';
import { toJob, type LinkStyle } from '../jobs/result-links.js';
import { findUserById } from '../users/users.repository.js';
import { decodeBase64, type ApiParams } from './public-api.params.js';
import { hasPurchased } from './public-api.repository.js';

// The public API's rules: exactly one image source, the account figures, the caller's jobs.

/** The job input from the one image source a request may carry; 400 for none or several. */
export async function inputFor(
  params: ApiParams,
  file: UploadedFile | undefined,
  via: 'web' | 'api',
  allowHosts: readonly string[],
  maxBytes: number,
): Promise<JobInput> {
  const given = [file, params.imageB64, params.imageUrl].filter((s) => s !== undefined).length;
  if (given === 0) throw new AppError(400, 'validation_failed', publicApiTexts.noImage);
  if (given > 1) throw new AppError(400, 'validation_failed', publicApiTexts.twoImages);
  const size = params.preview ? 'preview' : 'full';
  if (file) return { bytes: file.bytes, name: file.name, source: 'upload', via, size, maxBytes };
  if (params.imageB64 !== undefined) {
    const bytes = decodeBase64(params.imageB64);
    return { bytes, name: 'image', source: 'upload', via, size, maxBytes };
  }
  return { ...(await inputFromUrl(params.imageUrl!, via, allowHosts, maxBytes)), size };
}

export async function publicAccount(
  db: Db,
  userId: string,
  rateLimitPerMinute: number,
): Promise<PublicAccount> {
  const [user, usage, purchased, previews] = await Promise.all([
    findUserById(db, userId),
    usageOf(db, userId),
    hasPurchased(db, userId),
    previewsLeft(db, userId),
  ]);
  if (!user) throw new AppError(401, 'unauthorized', authTexts.notAuthenticated);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    account_type: user.account_type,
    plan: purchased ? 'credits' : 'free',
    credits: Number(user.credits),
    images_this_month: usage.recent,
    free_previews_left_this_month: previews,
    rate_limit_per_minute: rateLimitPerMinute,
  };
}

export async function jobsPage(
  db: Db,
  userId: string,
  page: number,
  perPage: number,
  style: LinkStyle,
): Promise<JobsPage> {
  const { rows, total } = await listUserJobs(db, userId, perPage, (page - 1) * perPage);
  return { jobs: rows.map((row) => toJob(row, style)), page, per_page: perPage, total };
}

/** The caller's own job; someone else's is reported exactly like a missing one. */
export async function ownJob(jobs: JobsService, userId: string, id: string): Promise<JobRow> {
  const job = await jobs.get(id);
  if (!job || job.user_id !== userId) throw notFound('Job not found.');
  return job;
}

/** A zip of small files, stored uncompressed (they are already compressed images). */
export async function zipFiles(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.data, entry.name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  const out = zip.outputStream.pipe(new PassThrough());
  for await (const chunk of out) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
