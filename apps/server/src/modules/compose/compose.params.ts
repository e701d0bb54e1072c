import colourModule from '@img/colour';
import {
  backgroundFields,
  backgroundFits,
  compositionLimits,
  compositionTexts,
  shadowTypes,
  shadowTypesDrawnAsDrop,
  typeLevels,
  type BackgroundFitName,
  type TypeLevel,
} from '@cutout/contracts';
import { expandMargins, type Length, type Position, type Rgba } from '@cutout/engine';
import type { UploadedFile } from '../jobs/jobs.input.js';
import { flag, invalid, oneOf, text, type Fields } from './form-fields.js';

// The composition fields (packages/contracts/src/composition.ts) read from any body into what
// the engine's composite() takes, with remove.bg's semantics and defaults (decision 0190). One
// parser for the public API and the editor's export.

// sharp's own colour parser (CSS names, hex with alpha, rgb()). Its CommonJS entry exports the
// function itself, while its types describe an ES default export.
const Colour = colourModule as unknown as typeof colourModule.default;

export type BackgroundParam =
  | { kind: 'transparent' }
  | { kind: 'color'; color: Rgba }
  | { kind: 'blur' }
  | {
      kind: 'image';
      source: { url: string } | { file: UploadedFile };
      fit: BackgroundFitName;
    };

export interface CompositionParams {
  background: BackgroundParam;
  /** Shadow opacity 0–1, or undefined for none. */
  shadow: number | undefined;
  scale: number | 'original';
  position: Position | undefined;
  /** undefined: the whole image. */
  roi: readonly [Length, Length, Length, Length] | undefined;
  crop: boolean;
  cropMargin: readonly [Length, Length, Length, Length] | undefined;
  typeLevel: TypeLevel | undefined;
  /** Fields honoured only in part, for X-Ignored-Parameters. */
  partly: string[];
}

/** remove.bg's bg_color: hex with or without # (81d4fa, fff, 81d4fa80) or a CSS colour name. */
export function parseColour(value: string): Rgba {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value);
  try {
    const colour = Colour(hex ? `#${hex[1]}` : value.toLowerCase());
    const [r, g, b] = colour.rgb().array();
    return {
      r: Math.round(r!),
      g: Math.round(g!),
      b: Math.round(b!),
      alpha: Math.min(1, Math.max(0, colour.alpha())),
    };
  } catch {
    throw invalid(compositionTexts.badColour(value));
  }
}

const number = String.raw`(\d+(?:\.\d+)?)`;

/** "30px", "10%", or a bare number (pixels; remove.bg's own default is a bare 0). */
function length(value: string): Length | undefined {
  const m = new RegExp(`^${number}(px|%)?$`, 'i').exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return undefined;
  return m[2] === '%' ? { percent: n } : { px: n };
}

function values(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean);
}

function scaleOf(value: string | undefined): number | 'original' {
  if (value === undefined || value.toLowerCase() === 'original') return 'original';
  const m = new RegExp(`^${number}%?$`).exec(value);
  const n = m ? Number(m[1]) : NaN;
  if (!(n >= compositionLimits.scaleMin && n <= compositionLimits.scaleMax)) {
    throw invalid(compositionTexts.badScale);
  }
  return n / 100;
}

function positionOf(value: string | undefined): Position | undefined {
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  if (lower === 'original' || lower === 'center' || lower === 'centre') {
    return lower === 'original' ? 'original' : 'center';
  }
  const parts = values(value).map((part) => {
    const m = new RegExp(`^${number}(%?)$`).exec(part);
    const n = m ? Number(m[1]) : NaN;
    // A bare number other than 0 has no unit remove.bg defines.
    if (!m || !(n >= 0 && n <= 100) || (m[2] === '' && n !== 0)) {
      throw invalid(compositionTexts.badPosition);
    }
    return n / 100;
  });
  if (parts.length === 1) return { x: parts[0]!, y: parts[0]! };
  if (parts.length === 2) return { x: parts[0]!, y: parts[1]! };
  throw invalid(compositionTexts.badPosition);
}

function roiOf(value: string | undefined): CompositionParams['roi'] {
  if (value === undefined) return undefined;
  const parts = values(value).map(length);
  if (parts.length !== 4 || parts.some((part) => part === undefined)) {
    throw invalid(compositionTexts.badRoi);
  }
  const [x1, y1, x2, y2] = parts as [Length, Length, Length, Length];
  const isZero = (l: Length) => ('px' in l ? l.px : l.percent) === 0;
  const isFull = (l: Length) => 'percent' in l && l.percent === 100;
  // The whole image (remove.bg's default, written any way) is no region at all.
  if (isZero(x1) && isZero(y1) && isFull(x2) && isFull(y2)) return undefined;
  return [x1, y1, x2, y2];
}

function cropMarginOf(value: string | undefined): CompositionParams['cropMargin'] {
  if (value === undefined) return undefined;
  const parts = values(value).map((part) => {
    const l = length(part);
    const ok =
      l !== undefined &&
      ('px' in l
        ? Number.isInteger(l.px) && l.px <= compositionLimits.cropMarginMaxPx
        : l.percent <= compositionLimits.cropMarginMaxPercent);
    if (!ok) throw invalid(compositionTexts.badCropMargin);
    return l;
  });
  if (![1, 2, 4].includes(parts.length)) throw invalid(compositionTexts.badCropMargin);
  return expandMargins(parts);
}

function shadowOf(fields: Fields, partly: string[]): number | undefined {
  const type = text(fields, 'shadow_type');
  let wanted = flag(fields, 'add_shadow');
  if (type !== undefined) {
    const kind = oneOf(fields, 'shadow_type', shadowTypes, 'none');
    if (kind !== 'none') wanted = true;
    if (shadowTypesDrawnAsDrop.includes(kind.toLowerCase())) partly.push('shadow_type');
  }
  const opacityText = text(fields, 'shadow_opacity');
  let opacity: number = compositionLimits.shadowOpacity;
  if (opacityText !== undefined) {
    opacity = Number(opacityText);
    if (!/^\d+$/.test(opacityText) || opacity > 100) {
      throw invalid(compositionTexts.badShadowOpacity);
    }
  }
  return wanted ? opacity / 100 : undefined;
}

function backgroundOf(fields: Fields, bgImage: UploadedFile | undefined): BackgroundParam {
  if (text(fields, 'bg_image_file') !== undefined) throw invalid(compositionTexts.bgFileNotText);
  if (bgImage?.bytes.byteLength === 0) throw invalid(compositionTexts.bgFileEmpty);
  const given = backgroundFields.filter((name) =>
    name === 'bg_image_file'
      ? bgImage !== undefined
      : name === 'bg_blur'
        ? flag(fields, name)
        : text(fields, name) !== undefined,
  );
  if (given.length > 1) throw invalid(compositionTexts.oneBackground);
  const fit = oneOf(fields, 'bg_image_fit', backgroundFits, 'cover');
  switch (given[0]) {
    case 'bg_color':
      return { kind: 'color', color: parseColour(text(fields, 'bg_color')!) };
    case 'bg_image_url':
      return { kind: 'image', source: { url: text(fields, 'bg_image_url')! }, fit };
    case 'bg_image_file':
      return { kind: 'image', source: { file: bgImage! }, fit };
    case 'bg_blur':
      return { kind: 'blur' };
    default:
      return { kind: 'transparent' };
  }
}

/** Reads every composition field; throws a 400 AppError a person can act on. */
export function parseComposition(
  fields: Fields,
  files: { bgImage?: UploadedFile } = {},
): CompositionParams {
  const partly: string[] = [];
  const typeLevelText = text(fields, 'type_level');
  return {
    background: backgroundOf(fields, files.bgImage),
    shadow: shadowOf(fields, partly),
    scale: scaleOf(text(fields, 'scale')),
    position: positionOf(text(fields, 'position')),
    roi: roiOf(text(fields, 'roi')),
    crop: flag(fields, 'crop'),
    cropMargin: cropMarginOf(text(fields, 'crop_margin')),
    typeLevel:
      typeLevelText === undefined ? undefined : oneOf(fields, 'type_level', typeLevels, 'latest'),
    partly,
  };
}

/** Whether the composed image is opaque everywhere (remove.bg's format=auto then picks JPG). */
export function fillsBackground(background: BackgroundParam): boolean {
  if (background.kind === 'color') return background.color.alpha >= 1;
  if (background.kind === 'image') return background.fit === 'cover';
  return background.kind === 'blur';
}

/** Whether the request changes anything beyond the stored cut-out's pixels. */
export function composes(params: CompositionParams): boolean {
  return (
    params.background.kind !== 'transparent' ||
    params.shadow !== undefined ||
    params.scale !== 'original' ||
    (params.position !== undefined && params.position !== 'original') ||
    params.roi !== undefined ||
    params.crop
  );
}
