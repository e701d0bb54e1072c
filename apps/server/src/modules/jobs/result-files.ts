import type { JobVariant } from '@cutout/contracts';
import type { JobRow } from './jobs.types.js';

// Where a job's files are stored (local disk or S3, through the ObjectStore). The model's results
// are version 0, at `{id}/{variant}.png`; a touch-up n (decision 0150) keeps its results and its
// mask beside them as `{id}/v{n}-{file}.png` (one level, like every key). Everything that serves a result asks here for the job's current one,
// so a download, a zip and an API answer are always the same version.

export type VersionFile = JobVariant | 'mask';

/** The stored original upload. */
export const originalKey = (jobId: string): string => `${jobId}/original`;

/** A file of one version of the results. */
export function versionKey(jobId: string, version: number, file: VersionFile): string {
  return version === 0 ? `${jobId}/${file}.png` : `${jobId}/v${version}-${file}.png`;
}

/** The result the job serves now. */
export function resultKey(job: Pick<JobRow, 'id' | 'result_version'>, variant: JobVariant): string {
  return versionKey(job.id, job.result_version, variant);
}
