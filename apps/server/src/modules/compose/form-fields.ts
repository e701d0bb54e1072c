import { publicApiTexts } from '@cutout/contracts';
import { AppError } from '../../errors.js';

// Reading one field of a request body the way remove.bg's callers send them — multipart text,
// URL-encoded, or JSON with strings, numbers and booleans — shared by the public API's and the
// editor's parsers. Absent, null and empty all mean "use the default".

export type Fields = Record<string, unknown>;

/** A field's value as trimmed text, or undefined when it is absent or empty. */
export function text(fields: Fields, name: string): string | undefined {
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

export function invalid(message: string): AppError {
  return new AppError(400, 'validation_failed', message);
}

/** One of the allowed values (case-insensitive), or the fallback; 400 naming them otherwise. */
export function oneOf<T extends string>(
  fields: Fields,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = text(fields, name);
  if (value === undefined) return fallback;
  const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (!match) throw invalid(publicApiTexts.unknownValue(name, value, allowed));
  return match;
}

/** true/false, also 1/0 (PHP's form encoding of booleans). */
export function flag(fields: Fields, name: string): boolean {
  const value = text(fields, name)?.toLowerCase();
  if (value === undefined) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalid(publicApiTexts.badBoolean(name));
}
