import colourModule from '@img/colour';
import {
  apiChannels,
  apiFields,
  apiFormats,
  apiSizes,
  apiVariants,
  ignoredApiFields,
  ignoredFieldDefaults,
  previewSizes,
  publicApiLimits,
  publicApiTexts,
  sizeMegapixels,
  type ApiChannels,
  type ApiSize,
  type ApiVariant,
} from '@cutout/contracts';
import { AppError } from '../../errors.js';

// sharp's own colour parser (CSS names, hex, rgb()). Its CommonJS entry exports the function
// itself, while its types describe an ES default export.
const Colour = colourModule as unknown as typeof colourModule.default;

// The processing endpoints' fields, as remove.bg defines them: read from multipart, JSON or
// URL-encoded bodies alike. An empty or absent optional field means its default; an unknown value
// is a 400 naming the field and the allowed values; fields Cutout cannot honour are accepted and
// named in a response header (docs/decisions/0080).

export type OutputFormat = 'png' | 'jpg' | 'webp' | 'zip';

export interface ApiParams {
  size: ApiSize;
  /** Free, at most 0.25 MP (decision 0081). */
  preview: boolean;
  /** Megapixel cap of the result (medium, hd); previews are capped by the engine. */
  maxMegapixels: number | undefined;
  format: OutputFormat;
  channels: ApiChannels;
  /** The colour behind the subject, RGB. */
  bgColor: [number, number, number] | undefined;
  crop: boolean;
  cropMargin: { px: number } | { percent: number } | undefined;
  variant: ApiVariant | undefined;
  imageUrl: string | undefined;
  imageB64: string | undefined;
  /** Fields accepted but not honoured, and fields Cutout does not know. */
  ignored: string[];
}

export type Fields = Record<string, unknown>;

/** A field's value as text; absent, null and empty all mean "use the default". */
function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  // JSON bodies send booleans and numbers (crop: true, crop_margin: 0); anything else is not a
  // value of any field.
  const s =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  return s === '' ? undefined : s;
}

function oneOf<T extends string>(
  fields: Fields,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = text(fields, name);
  if (value === undefined) return fallback;
  const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!match) {
    throw new AppError(400, 'validation_failed', publicApiTexts.unknownValue(name, value, allowed));
  }
  return match;
}

function flag(fields: Fields, name: string): boolean {
  const value = text(fields, name)?.toLowerCase();
  if (value === undefined) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new AppError(400, 'validation_failed', publicApiTexts.badBoolean(name));
}

/** remove.bg's bg_color: hex with or without # (81d4fa, fff) or a CSS colour name. */
export function parseColour(value: string): [number, number, number] {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value);
  try {
    // Colours with alpha (#rrggbbaa) are accepted and drawn opaque.
    const rgb = Colour(hex ? `#${hex[1]}` : value.toLowerCase())
      .rgb()
      .array();
    return [Math.round(rgb[0]!), Math.round(rgb[1]!), Math.round(rgb[2]!)];
  } catch {
    throw new AppError(400, 'validation_failed', publicApiTexts.badColour(value));
  }
}

function cropMargin(value: string | undefined): ApiParams['cropMargin'] {
  if (value === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)\s*(px|%)?$/i.exec(value);
  const n = m ? Number(m[1]) : NaN;
  if (!m || !Number.isFinite(n)) {
    throw new AppError(400, 'validation_failed', publicApiTexts.badCropMargin);
  }
  if (m[2] === '%') {
    if (n > publicApiLimits.cropMarginMaxPercent) {
      throw new AppError(400, 'validation_failed', publicApiTexts.badCropMargin);
    }
    return { percent: n };
  }
  if (n > publicApiLimits.cropMarginMaxPx || !Number.isInteger(n)) {
    throw new AppError(400, 'validation_failed', publicApiTexts.badCropMargin);
  }
  return { px: n };
}

const imageFields = new Set(['image_file', 'file']);

/** Reads every field; throws a 400 AppError a person can act on. */
export function parseParams(fields: Fields): ApiParams {
  const size = oneOf(fields, 'size', apiSizes, 'auto');
  const channels = oneOf(fields, 'channels', apiChannels, 'rgba');
  const bgText = text(fields, 'bg_color');
  const bgColor = bgText === undefined ? undefined : parseColour(bgText);
  const requested = oneOf(fields, 'format', apiFormats, 'auto');
  // auto: PNG while there is transparency, JPG once a colour fills the background (remove.bg).
  const format: OutputFormat =
    requested === 'auto' ? (bgColor && channels === 'rgba' ? 'jpg' : 'png') : requested;
  const variantText = text(fields, 'variant');
  const variant =
    variantText === undefined ? undefined : oneOf(fields, 'variant', apiVariants, 'refined');
  const crop = flag(fields, 'crop');
  const margin = cropMargin(text(fields, 'crop_margin'));

  const ignored: string[] = [];
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
    bgColor,
    crop,
    cropMargin: margin,
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
    throw new AppError(400, 'validation_failed', publicApiTexts.badBase64);
  }
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}
