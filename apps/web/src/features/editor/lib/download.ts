// Saves a result under its download name (spec §4 Download): fetched as a blob, then handed to
// the browser by lib/save-blob, so the name is ours even when the address is not.

import { saveBlob, type SaveBlobDeps } from '../../../lib/save-blob';

export type DownloadDeps = SaveBlobDeps & { fetch?: typeof fetch };

export async function saveResult(url: string, filename: string, deps: DownloadDeps = {}) {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const response = await doFetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  saveBlob(await response.blob(), filename, deps);
}
