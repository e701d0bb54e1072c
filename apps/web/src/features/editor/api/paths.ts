import type { JobVariant } from '@cutout/contracts';

// The editor's endpoints and download names. Written here rather than imported from the
// contracts' jobs.ts: that module builds zod schemas, and the editor's chunk must not carry zod
// (docs/decisions/0022, 0051). paths.test.ts checks both stay the same.
export const editorApiPaths = {
  jobs: '/api/jobs',
  job: (id: string) => `/api/jobs/${encodeURIComponent(id)}`,
  events: (id: string) => `/api/jobs/${encodeURIComponent(id)}/events`,
  samples: '/api/samples',
  config: '/api/editor/config',
} as const;

/** The server-sent event carrying the whole job (`jobEventName` in the contracts). */
export const jobEventName = 'job';

/** `{original base name}_{variant}.png` (spec §4 Download), as the contracts' `downloadName`. */
export function downloadName(originalName: string, variant: JobVariant): string {
  const base = originalName.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base}_${variant}.png`;
}

/** The same file, asked for as an attachment (Content-Disposition) rather than inline. */
export function attachmentUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
