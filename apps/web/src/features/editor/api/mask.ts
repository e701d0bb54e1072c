import { jobsEndpoints, type Job } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

// POST /api/jobs/{id}/mask: the touched-up mask (a PNG the size of the result, its alpha the
// subject) becomes a new version of the job's results, made by the engine on the server; DELETE
// goes back to the model's own. Neither is charged. Not retried: the person sees the error.

export function saveMask(jobId: string, mask: Blob, signal?: AbortSignal): Promise<Job> {
  const form = new FormData();
  form.append('mask', mask, 'mask.png');
  return apiClient.call(jobsEndpoints.saveMask, { params: { id: jobId }, body: form, signal });
}

export function resetMask(jobId: string, signal?: AbortSignal): Promise<Job> {
  return apiClient.call(jobsEndpoints.resetMask, { params: { id: jobId }, signal });
}
