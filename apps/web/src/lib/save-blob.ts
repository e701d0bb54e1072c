// Hands a blob to the browser as a download: a temporary link with the `download` attribute, so
// the file name is ours even when the address is not. Used by the editor's results and the
// batch ZIP; the dependencies are parameters so a test can watch the link.

export type SaveBlobDeps = {
  document?: Document;
  createObjectURL?: (blob: Blob) => string;
  revokeObjectURL?: (url: string) => void;
};

/** Long enough for the browser to start reading the blob before it is released. */
const revokeAfterMs = 30_000;

/** Saves `blob` as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string, deps: SaveBlobDeps = {}): void {
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
