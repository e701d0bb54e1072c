import {
  apiChannels,
  apiFields,
  apiFormats,
  apiSizes,
  apiVariants,
  ignoredApiFields,
  ignoredFieldDefaults,
  previewSizes,
  publicApiTexts,
  sizeMegapixels,
  type ApiChannels,
  type ApiSize,
  type ApiVariant,
} from '@cutout/contracts';
import type { UploadedFile } from '../jobs/jobs.input.js';
import {
  fillsBackground,
  parseComposition,
  type CompositionParams,
} from '../compose/compose.params.js';
import { invalid, oneOf, text, type Fields } from '../compose/form-fields.js';

// The processing endpoints' fields, as remove.bg defines them: read from multipart, JSON or
// URL-encoded bodies alike. An empty or absent optional field means its default; an unknown value
// is a 400 naming the field and the allowed values; fields Cutout cannot honour are accepted and
// named in a response header (docs/decisions/0080). Backgrounds, shadow, scale, position, roi,
// crop and type_level are the composition's (modules/compose, decision 0190).

export type OutputFormat = 'png' | 'jpg' | 'webp' | 'zip';
export type { Fields };

export interface ApiParams {
  size: ApiSize;
  /** Free, at most 0.25 MP (decision 0081). */
  preview: boolean;
  /** Megapixel cap of the result (medium, hd); previews are capped by the engine. */
  maxMegapixels: number | undefined;
  format: OutputFormat;
  channels: ApiChannels;
  composition: CompositionParams;
  variant: ApiVariant | undefined;
  imageUrl: string | undefined;
  imageB64: string | undefined;
  /** Fields accepted but not honoured, and fields Cutout does not know. */
  ignored: string[];
}

const imageFields = new Set(['image_file', 'file']);

/** Reads every field; throws a 400 AppError a person can act on. */
export function parseParams(fields: Fields, files: { bgImage?: UploadedFile } = {}): ApiParams {
  const size = oneOf(fields, 'size', apiSizes, 'auto');
  const channels = oneOf(fields, 'channels', apiChannels, 'rgba');
  const variantText = text(fields, 'variant');
  const variant =
    variantText === undefined ? undefined : oneOf(fields, 'variant', apiVariants, 'refined');
  const composition = parseComposition(fields, files);
  // white_bg is the refined cut-out on white (ARCHITECTURE.md): a background given wins.
  if (variant === 'white_bg' && composition.background.kind === 'transparent') {
    composition.background = { kind: 'color', color: { r: 255, g: 255, b: 255, alpha: 1 } };
  }
  const requested = oneOf(fields, 'format', apiFormats, 'auto');
  // auto: PNG while there is transparency, JPG once the background fills the image (remove.bg).
  const format: OutputFormat =
    requested === 'auto'
      ? fillsBackground(composition.background) && channels === 'rgba'
        ? 'jpg'
        : 'png'
      : requested;

  const ignored: string[] = [...composition.partly];
  for (const name of ignoredApiFields) {
    const value = text(fields, name);
    if (value === undefined) continue;
    if (!(ignoredFieldDefaults[name] ?? []).includes(value.toLowerCase())) ignored.push(name);
  }
  for (const name of Object.keys(fields)) {
    if (!(apiFields as readonly string[]).includes(name) && !imageFields.has(name)) {
      ignored.push(name);
    }
  }
  return {
    size,
    preview: previewSizes.includes(size),
    maxMegapixels: previewSizes.includes(size) ? undefined : sizeMegapixels[size],
    format,
    channels,
    composition,
    variant,
    imageUrl: text(fields, 'image_url'),
    imageB64: text(fields, 'image_file_b64'),
    ignored: [...new Set(ignored)].slice(0, 20),
  };
}

/** Base64 (standard or URL-safe, with or without a data: prefix) to bytes; 400 when it is not. */
export function decodeBase64(value: string): Buffer {
  const body = value.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (body.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) {
    throw invalid(publicApiTexts.badBase64);
  }
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}
