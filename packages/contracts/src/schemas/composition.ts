import * as z from 'zod/mini';
import {
  backgroundFits,
  compositionLimits,
  exportFormats,
  shadowTypes,
  typeLevels,
} from '../composition.js';

// The composition fields as schemas, one per field, with their description: the OpenAPI
// document's request bodies reference them (the public API's multipart, JSON and URL-encoded
// bodies, and the editor's export), and the editor's JSON export is checked with
// composeRequestSchema. The server's parser (modules/compose/compose.params.ts) reads the same
// fields from any body and answers a 400 naming the field.

function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { description });
  return schema;
}

/** remove.bg callers send booleans as JSON booleans, "true"/"false" or "1"/"0". */
const flag = (description: string) =>
  described(z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]), description);

export const compositionFieldSchemas = {
  bg_color: described(
    z.string(),
    'A solid background: hex with or without # (81d4fa, fff) or a CSS colour name (green); 4- and 8-digit hex carry an alpha (81d4fa80 is half transparent). Empty: none.',
  ),
  bg_image_url: described(
    z.string(),
    "A background image's address, fetched by the server like image_url (public addresses only), centred and resized to fill the image (bg_image_fit).",
  ),
  bg_image_file: described(
    z.string().check(z.maxLength(0)),
    'A background image as a multipart file part (checked like any upload: JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF, at most 10 MB).',
  ),
  bg_image_fit: described(
    z._default(z.enum(backgroundFits), 'cover'),
    "Cutout's: cover (remove.bg's behaviour: fill the image, cropping the background) or contain (fit inside it, transparent around).",
  ),
  bg_blur: flag(
    "Cutout's: the original photo's own background, blurred, behind the subject. One background field per request.",
  ),
  add_shadow: flag(
    'A soft drop shadow under the subject (default false). Cutout draws it for every kind of subject.',
  ),
  shadow_type: described(
    z.enum(shadowTypes),
    'none, or a shadow: Cutout draws its drop shadow for drop, car and 3D alike (car and 3D are named in X-Ignored-Parameters).',
  ),
  shadow_opacity: described(
    z.string(),
    `The shadow's opacity, 0–100 (default ${compositionLimits.shadowOpacity}).`,
  ),
  scale: described(
    z.string(),
    `The subject's size relative to the image: ${compositionLimits.scaleMin}%–${compositionLimits.scaleMax}% (its box fits that share of the image on its tighter axis), or original (default). A scale centres the subject unless position says otherwise.`,
  ),
  position: described(
    z.string(),
    "Where the subject goes: original (default without scale), center (default with scale), or one or two percentages (horizontal, vertical) of the free room, as CSS's background-position: 0% left/top, 100% right/bottom.",
  ),
  roi: described(
    z.string(),
    'Region of interest "x1 y1 x2 y2" in px or % of the uploaded image (default "0% 0% 100% 100%"): only its contents can be subject; everything outside becomes background.',
  ),
  crop: flag(
    'Crop to the subject (and its shadow) plus crop_margin (default false); cropping changes no charge.',
  ),
  crop_margin: described(
    z.string(),
    `Margin around the cropped subject: 1, 2 or 4 values (all; top/bottom left/right; top right bottom left), each px (up to ${compositionLimits.cropMarginMaxPx}) or % of the subject (up to ${compositionLimits.cropMarginMaxPercent}); default 0. The margin may reach past the image: the background fills it.`,
  ),
  type_level: described(
    z.enum(typeLevels),
    "remove.bg's classification level. Cutout does not classify: none leaves out X-Type; 1, 2 and latest answer X-Type: other.",
  ),
} as const;

/** POST /api/jobs/{id}/compose as JSON (multipart carries the same fields and bg_image_file). */
export const composeRequestSchema = z.object({
  bg_color: z.optional(compositionFieldSchemas.bg_color),
  bg_blur: z.optional(compositionFieldSchemas.bg_blur),
  bg_image_url: z.optional(compositionFieldSchemas.bg_image_url),
  bg_image_fit: z.optional(z.enum(backgroundFits)),
  add_shadow: z.optional(compositionFieldSchemas.add_shadow),
  shadow_opacity: z.optional(compositionFieldSchemas.shadow_opacity),
  scale: z.optional(compositionFieldSchemas.scale),
  position: z.optional(compositionFieldSchemas.position),
  crop: z.optional(compositionFieldSchemas.crop),
  crop_margin: z.optional(compositionFieldSchemas.crop_margin),
  format: z.optional(
    described(z.enum(exportFormats), 'png (default), jpg (on white where transparent) or webp.'),
  ),
});
export type ComposeRequest = z.infer<typeof composeRequestSchema>;
