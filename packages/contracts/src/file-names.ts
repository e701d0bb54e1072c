import type { JobVariant } from './jobs.js';

// The names Cutout gives files it hands out: the three results (editor downloads, the batch zip,
// the API's `X-Filename`-style names and the docs all read them from here), the original, and
// the zip's folders. Every name starts from what an uploader typed, so it is cleaned first:
// no path, no control or bidirectional-override characters (a name that shows as
// `photo‮gpj.exe` is really `photo.exe`), no characters or device names Windows refuses
// (docs/decisions/0133).

/** The result files: `{name}_refined.png`, `{name}_white_bg.png`, `{name}_transparent_bg.png`. */
export const outputFileSuffixes: Record<JobVariant, string> = {
  refined: '_refined.png',
  white_bg: '_white_bg.png',
  transparent_bg: '_transparent_bg.png',
};

/** `{name}_{variant}.png` for a base name already made safe. */
export function outputFileName(safeBase: string, variant: JobVariant): string {
  return `${safeBase}${outputFileSuffixes[variant]}`;
}

// C0 and C1 controls, and the invisible characters that reorder or hide text: the bidi marks,
// embeddings, overrides and isolates, zero-width characters, the word joiner and BOM.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;
/** Characters Windows refuses in a file name (the path separators among them). */
const WINDOWS_FORBIDDEN = /[<>:"/\\|?*]/g;
/** Device names Windows reserves, with or without an extension (`CON`, `con.txt`, `COM¹`). */
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(?:\..*)?$/i;
const MAX_NAME = 120;

/**
 * A name safe to offer as a download or a zip entry: the last path segment of `name`, cleaned
 * as above, without leading dots or trailing dots and spaces, at most 120 characters; empty
 * becomes `fallback`.
 */
export function safeFileName(name: string, fallback = 'image'): string {
  const lastSegment = name.split(/[\\/]/).pop() ?? '';
  let out = lastSegment
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(WINDOWS_FORBIDDEN, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  // Cut by code points, so a surrogate pair is never split.
  const chars = Array.from(out);
  if (chars.length > MAX_NAME)
    out = chars
      .slice(0, MAX_NAME)
      .join('')
      .replace(/[. ]+$/, '');
  if (out === '') return fallback;
  return WINDOWS_DEVICE.test(out) ? `_${out}` : out;
}

/** The name without its last extension (`photo.final.jpg` → `photo.final`). */
export function withoutExtension(name: string): string {
  return name.replace(/\.[^./\\]*$/, '');
}

/** The base every output of an upload is named after: its safe name without the extension. */
export function safeBaseName(originalName: string): string {
  return safeFileName(withoutExtension(originalName.split(/[\\/]/).pop() ?? ''));
}

/** `{original base name}_{variant}.png` (spec §4 Download), the same in every place. */
export function downloadName(originalName: string, variant: JobVariant): string {
  return outputFileName(safeBaseName(originalName), variant);
}

/** The extension of each image format the server accepts, by the type its bytes really are. */
export const imageExtensions: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tiff',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/**
 * The original's download name: the uploaded name with the extension of the format its bytes
 * were detected as, never the one the uploader typed (a JPEG sent as `x.html` is `x.jpg`).
 */
export function originalDownloadName(originalName: string, contentType: string): string {
  return `${safeBaseName(originalName)}.${imageExtensions[contentType] ?? 'bin'}`;
}
