// Saves a result under its download name (spec §4 Download): fetched as a blob, then handed to
// the browser through a temporary link with the `download` attribute, so the name is ours even
// when the address is not.

export type DownloadDeps = {
  fetch?: typeof fetch;
  document?: Document;
  createObjectURL?: (blob: Blob) => string;
  revokeObjectURL?: (url: string) => void;
};

/** Long enough for the browser to start reading the blob before it is released. */
const revokeAfterMs = 30_000;

export async function saveResult(url: string, filename: string, deps: DownloadDeps = {}) {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const response = await doFetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  saveBlob(await response.blob(), filename, deps);
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string, deps: DownloadDeps = {}) {
  const doc = deps.document ?? document;
  const createObjectURL = deps.createObjectURL ?? ((b: Blob) => URL.createObjectURL(b));
  const revokeObjectURL = deps.revokeObjectURL ?? ((href: string) => URL.revokeObjectURL(href));
  const href = createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => revokeObjectURL(href), revokeAfterMs);
  }
}
