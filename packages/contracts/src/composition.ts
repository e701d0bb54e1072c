// Backgrounds, shadows and geometry of a cut-out (issue 25, decision 0190). The public API's
// remove.bg fields (`bg_color`, `bg_image_url`, `bg_image_file`, `add_shadow`, `scale`,
// `position`, `roi`, `crop`, `crop_margin`, `type_level`) and Cutout's own (`bg_blur`,
// `bg_image_fit`) are read by one parser on the server, which the editor's export uses too, so
// the editor and the API give the same pixels. Zod-free; the field schemas for the OpenAPI
// document are in schemas/composition.ts.

/** The composition fields, in the order the documentation lists them. */
export const compositionFields = [
  'bg_color',
  'bg_image_url',
  'bg_image_file',
  'bg_image_fit',
  'bg_blur',
  'add_shadow',
  'shadow_type',
  'shadow_opacity',
  'scale',
  'position',
  'roi',
  'crop',
  'crop_margin',
  'type_level',
] as const;
export type CompositionField = (typeof compositionFields)[number];

/** The background fields: at most one per request (remove.bg's rule). */
export const backgroundFields = ['bg_color', 'bg_image_url', 'bg_image_file', 'bg_blur'] as const;

/** `bg_image_fit`: remove.bg always covers (centred, aspect kept); `contain` fits inside. */
export const backgroundFits = ['cover', 'contain'] as const;
export type BackgroundFitName = (typeof backgroundFits)[number];

/** remove.bg's `shadow_type`; Cutout draws one kind, a soft drop shadow (decision 0190). */
export const shadowTypes = ['none', 'drop', 'car', '3D'] as const;
/** Shadow kinds Cutout cannot draw as such: it draws its drop shadow and names the field. */
export const shadowTypesDrawnAsDrop: readonly string[] = ['car', '3d'];

/** remove.bg's `type_level`: Cutout does not classify, so any level answers X-Type: other. */
export const typeLevels = ['none', '1', '2', 'latest'] as const;
export type TypeLevel = (typeof typeLevels)[number];

export const compositionLimits = {
  /** `scale`, in %. */
  scaleMin: 10,
  scaleMax: 100,
  /** `crop_margin`, per side. */
  cropMarginMaxPx: 500,
  cropMarginMaxPercent: 50,
  /** Default `shadow_opacity` (0–100). */
  shadowOpacity: 50,
} as const;

/** What the editor's backgrounds panel can export (the public API also has zip). */
export const exportFormats = ['png', 'jpg', 'webp'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/**
 * The editor's export of a finished job through the engine's composition (no charge: the job
 * was charged when it completed). Multipart (with `bg_image_file`) or JSON, the same fields.
 */
export const compositionApiPaths = {
  compose: (jobId: string) => `/api/jobs/${encodeURIComponent(jobId)}/compose`,
} as const;

export const compositionTexts = {
  oneBackground:
    'Send one background: bg_color, bg_image_url, bg_image_file and bg_blur are alternatives.',
  badColour: (value: string) =>
    `bg_color "${value}" is not a colour: use a hex code such as 81d4fa, #fff or 81d4fa80 (with alpha), or a colour name such as green.`,
  badScale: `scale must be "original" or a percentage from ${compositionLimits.scaleMin}% to ${compositionLimits.scaleMax}%, such as 80%.`,
  badPosition:
    'position must be "original", "center", or one or two percentages from 0% to 100% (horizontal, then vertical), such as 50% 100%.',
  badRoi:
    'roi must be four values "x1 y1 x2 y2" in pixels or percentages, such as "0% 0% 100% 100%" or "10px 20px 400px 300px".',
  badCropMargin: `crop_margin must be 1, 2 or 4 values (all sides; top/bottom and left/right; top, right, bottom, left), each in pixels (up to ${compositionLimits.cropMarginMaxPx}px) or a percentage of the subject (up to ${compositionLimits.cropMarginMaxPercent}%), such as 30px or 10% 5%.`,
  bgFileNotText:
    'bg_image_file must be a file part of a multipart form; send an address as bg_image_url instead.',
  badShadowOpacity: 'shadow_opacity must be a whole number from 0 to 100.',
  bgFileEmpty:
    'bg_image_file is an empty file: attach the background image, or leave the field out for no background image.',
  /** Prefixed to the URL import's or the upload check's own message. */
  backgroundImage: (field: 'bg_image_url' | 'bg_image_file', message: string) =>
    `${field}: ${message}`,
  blurNeedsOriginal:
    'The original image of this job is no longer available, so its background cannot be blurred.',
} as const;
