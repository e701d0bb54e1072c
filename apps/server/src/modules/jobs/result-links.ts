import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  downloadName,
  jobsApiPaths,
  jobVariants,
  type Job,
  type JobResult,
  type JobTimings,
  type JobVariant,
} from '@cutout/contracts';
import type { JobRow } from './jobs.types.js';

// Result addresses. In the browser the session cookie authorises them; for API callers (who may
// hand the address to another program) they carry an HMAC signature and an expiry instead — an
// unguessable link that stops working when the result is deleted.

export type StoredFile = JobVariant | 'original';

export class ResultSigner {
  constructor(private readonly secret: string | Buffer) {}

  private mac(jobId: string, file: StoredFile, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`${jobId}\n${file}\n${expires}`).digest();
  }

  sign(jobId: string, file: StoredFile, expires: number): string {
    return this.mac(jobId, file, expires).toString('base64url');
  }

  verify(
    jobId: string,
    file: StoredFile,
    expires: number,
    signature: string,
    now = Date.now(),
  ): boolean {
    if (!Number.isFinite(expires) || expires < now) return false;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(jobId, file, expires);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

export interface LinkStyle {
  /** Absolute signed addresses (API callers) instead of relative session ones (the editor). */
  signed?: { signer: ResultSigner; publicUrl: string };
}

function fileUrl(row: JobRow, file: StoredFile, style: LinkStyle): string {
  let path =
    file === 'original' ? jobsApiPaths.original(row.id) : jobsApiPaths.result(row.id, file);
  // Results are cached for an hour: a touched-up version gets addresses of its own. The address
  // serves the job's current version whatever `v` says; `v` is not part of the signature.
  const version = file !== 'original' && row.result_version > 0 ? row.result_version : undefined;
  if (!style.signed) return version === undefined ? path : `${path}?v=${version}`;
  const expires = new Date(row.expires_at).getTime();
  const sig = style.signed.signer.sign(row.id, file, expires);
  path = `${path}?expires=${expires}&sig=${sig}`;
  return `${style.signed.publicUrl}${version === undefined ? path : `${path}&v=${version}`}`;
}

export function resultLinks(row: JobRow, style: LinkStyle): JobResult {
  return Object.fromEntries(jobVariants.map((v) => [v, fileUrl(row, v, style)])) as JobResult;
}

export function toJob(row: JobRow, style: LinkStyle = {}): Job {
  const available = row.purged_at === null;
  return {
    id: row.id,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    source: row.source,
    originalName: row.original_name,
    width: row.width,
    height: row.height,
    result: row.status === 'completed' && available ? resultLinks(row, style) : null,
    original: available ? fileUrl(row, 'original', style) : null,
    downloadNames: Object.fromEntries(
      jobVariants.map((v) => [v, downloadName(row.original_name, v)]),
    ) as JobResult,
    error:
      row.error_code && row.error_message
        ? { code: row.error_code, message: row.error_message }
        : null,
    timings: row.timings ? (JSON.parse(row.timings) as JobTimings) : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
    resultVersion: row.result_version,
  };
}
