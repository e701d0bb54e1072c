import {
  apiChannels,
  apiForegroundTypes,
  apiFormats,
  apiSizes,
  apiVariants,
  compositionFieldSchemas,
  compositionLimits,
  backgroundFits,
  ignoredApiFields,
  limits,
  publicApiHeaders,
  publicApiLimits,
} from '@cutout/contracts';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

// What the OpenAPI document says about the public API beyond the zod schemas the routes
// validate and serialise with: the processing endpoints' request bodies (multipart, JSON and
// URL-encoded, which the routes read themselves), every content type of the 200 answer, the
// response headers, and a description for each error. Attached per route as its
// `swaggerTransform`, so it documents exactly the routes it sits on and changes no behaviour.
// A typed client is generated from this document (packages/client).

type Schema = Record<string, unknown>;

type Style = 'v1' | 'removebg';

const binary: Schema = { type: 'string', format: 'binary' };
const integer: Schema = { type: 'integer' };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** remove.bg's classification levels; Cutout's model does not classify (X-Type is `other`). */
const typeLevels = ['none', '1', '2', 'latest'] as const;

/** remove.bg's X-Type values (its OpenAPI). */
const foregroundClasses = [
  'person',
  'product',
  'animal',
  'car',
  'car_interior',
  'car_part',
  'transportation',
  'graphics',
  'other',
] as const;

/** The fields both processing endpoints read, for one body encoding. */
function processingFields(style: Style, encoding: 'multipart' | 'json' | 'form'): Schema {
  const limit = megabytes(
    style === 'removebg' ? publicApiLimits.removeBgMaxUploadBytes : limits.maxUploadBytes,
  );
  const oneSource =
    'Exactly one of image_file (or file), image_file_b64 and image_url per request.';
  const properties: Record<string, Schema> = {};
  if (encoding === 'multipart') {
    properties.image_file = {
      ...binary,
      description: `The image (JPEG, PNG, WebP, GIF, TIFF, AVIF or HEIC), up to ${limit}. ${oneSource}`,
    };
    properties.file = { ...binary, description: 'Another name for image_file.' };
  }
  properties.image_file_b64 = {
    type: 'string',
    contentEncoding: 'base64',
    description: `The image as base64 (standard or URL-safe, a data: prefix allowed), up to ${limit} decoded. ${oneSource}`,
  };
  properties.image_url = {
    type: 'string',
    format: 'uri',
    description: `An http(s) address the server fetches the image from (public addresses only, up to ${limit}). ${oneSource}`,
  };
  properties.size = {
    type: 'string',
    enum: [...apiSizes],
    default: style === 'removebg' ? 'preview' : 'auto',
    description:
      'preview, small and regular: at most 0.25 megapixels, free (50 a month per account); medium: 1.5 MP; hd: 4 MP; auto, full, 4k and 50MP: the full resolution. Every size but the previews costs one credit.' +
      (style === 'removebg'
        ? " No size means preview, remove.bg's default."
        : ' No size means auto.'),
  };
  properties.format = {
    type: 'string',
    enum: [...apiFormats],
    default: 'auto',
    description:
      'auto: PNG, or JPEG once bg_color fills the background. zip: color.jpg and alpha.png.',
  };
  properties.channels = {
    type: 'string',
    enum: [...apiChannels],
    default: 'rgba',
    description: 'rgba: the cut-out; alpha: the mask alone, as a grey image.',
  };
  properties.variant = {
    type: 'string',
    enum: style === 'removebg' ? apiVariants.filter((v) => v !== 'all') : [...apiVariants],
    default: 'refined',
    description:
      style === 'removebg'
        ? "Cutout's own: which of the three results (refined, white_bg, transparent_bg)."
        : 'Which of the three results; all answers with the three addresses as JSON (send Accept: application/json).',
  };
  properties.bg_color = {
    type: 'string',
    description:
      'A colour behind the subject: hex with or without # (81d4fa, fff) or a CSS colour name. Absent: no background. At most one of bg_color, bg_image_url and bg_image_file.',
  };
  properties.bg_image_url = {
    type: 'string',
    format: 'uri',
    description:
      'An image behind the subject, fetched like image_url, resized to cover the canvas. At most one bg_ field.',
  };
  if (encoding === 'multipart') {
    properties.bg_image_file = {
      ...binary,
      description:
        'An image file behind the subject, resized to cover the canvas. At most one bg_ field.',
    };
  }
  properties.crop = {
    type: 'boolean',
    default: false,
    description: 'Crop off the empty regions around the subject.',
  };
  properties.crop_margin = {
    type: 'string',
    default: '0',
    description: `A margin around the cropped subject in px (up to ${compositionLimits.cropMarginMaxPx}px) or % of the subject (up to ${compositionLimits.cropMarginMaxPercent}%), such as 30px or 10%. Only with crop=true.`,
  };
  properties.scale = {
    type: 'string',
    default: 'original',
    description: "The subject's size relative to the image, 10% to 100%, or original.",
  };
  properties.position = {
    type: 'string',
    default: 'original',
    description:
      'Where the subject sits: original, center, or one or two percentages (horizontal, vertical).',
  };
  properties.roi = {
    type: 'string',
    default: '0% 0% 100% 100%',
    description:
      'The region of interest "x1 y1 x2 y2" in px or %: only its content can be foreground.',
  };
  properties.add_shadow = {
    type: 'boolean',
    default: false,
    description: 'Add a drop shadow under the subject.',
  };
  properties.semitransparency = {
    type: 'boolean',
    default: true,
    description: 'Keep semi-transparent regions (soft edges, glass) in the result.',
  };
  properties.type = {
    type: 'string',
    enum: [...apiForegroundTypes],
    default: 'auto',
    description: "remove.bg's foreground type; Cutout's model is general.",
  };
  properties.type_level = {
    type: 'string',
    enum: [...typeLevels],
    default: '1',
    description: "remove.bg's classification level of X-Type; none leaves X-Type out.",
  };
  properties.shadow_type = { type: 'string', description: "remove.bg's shadow style." };
  properties.shadow_opacity = {
    type: 'integer',
    minimum: 0,
    maximum: 100,
    description: "remove.bg's shadow opacity in percent.",
  };
  // The composition fields' descriptions are the contracts' (what the parser reads, decision 0190).
  properties.bg_image_fit = { type: 'string', enum: [...backgroundFits], default: 'cover' };
  properties.bg_blur = { type: 'boolean', default: false };
  for (const [name, schema] of Object.entries(compositionFieldSchemas)) {
    if (name === 'bg_image_file' && encoding !== 'multipart') continue;
    const description = z.globalRegistry.get(schema)?.description;
    if (description) properties[name] = { type: 'string', ...properties[name], description };
  }
  for (const name of ignoredApiFields) {
    const field = properties[name];
    if (field) {
      field.description = `${String(field.description)} Cutout does not honour it: a value other than its default is named in X-Ignored-Parameters.`;
    }
  }
  if (encoding === 'form') {
    // A URL-encoded form carries text: booleans are sent as true/false.
    for (const name of ['crop', 'add_shadow', 'semitransparency', 'bg_blur']) {
      properties[name] = {
        ...properties[name],
        type: 'string',
        enum: ['true', 'false'],
        default: String(properties[name]!.default),
      };
    }
    properties.shadow_opacity = {
      ...properties.shadow_opacity,
      type: 'string',
      pattern: '^\\d{1,3}$',
    };
  }
  return {
    type: 'object',
    properties,
    // Unknown fields are accepted and named in X-Ignored-Parameters.
    additionalProperties: true,
  };
}

const header = (schema: Schema, description: string) => ({ ...schema, description });

const rateLimitHeaders = {
  [publicApiHeaders.rateLimit]: header(integer, 'Processing calls allowed per minute per account.'),
  [publicApiHeaders.rateLimitRemaining]: header(integer, 'Calls left in the current minute.'),
  [publicApiHeaders.rateLimitReset]: header(integer, 'When the minute ends, Unix time in seconds.'),
};

const retryAfter = {
  'Retry-After': header(integer, 'Seconds to wait before trying again.'),
};

function successHeaders(style: Style): Record<string, Schema> {
  return {
    [publicApiHeaders.creditsCharged]: header(integer, '1 for a full-size image, 0 for a preview.'),
    [publicApiHeaders.width]: header(integer, 'Width of the result in pixels.'),
    [publicApiHeaders.height]: header(integer, 'Height of the result in pixels.'),
    [publicApiHeaders.jobId]: header(
      { type: 'string' },
      'The job: GET /api/v1/jobs/{id} finds its results again.',
    ),
    [publicApiHeaders.ignored]: header(
      { type: 'string' },
      'Fields sent that Cutout accepted but could not honour, comma-separated; absent when none.',
    ),
    ...(style === 'removebg'
      ? {
          [publicApiHeaders.type]: header(
            { type: 'string', enum: [...foregroundClasses] },
            "remove.bg's foreground class; Cutout's model does not classify, so always other.",
          ),
          'X-Foreground-Top': header(integer, "The subject's bounding box in the result: top."),
          'X-Foreground-Left': header(integer, 'Its left edge.'),
          'X-Foreground-Width': header(integer, 'Its width.'),
          'X-Foreground-Height': header(integer, 'Its height.'),
        }
      : {}),
    ...rateLimitHeaders,
  };
}

const errorDescriptions: Record<Style, Record<string, string>> = {
  v1: {
    400: 'A field has an unknown value, or no image or two images were sent (nothing charged).',
    401: 'No API key, or a key that is unknown or revoked (a session cookie is not read here).',
    402: 'Not enough credits, or this month’s free previews are used up (nothing charged).',
    404: 'No such job among the caller’s.',
    413: `The file is over ${megabytes(limits.maxUploadBytes)}, or the image over the pixel or side limit (nothing charged).`,
    415: 'The file is not an image Cutout reads (nothing charged).',
    422: 'The image cannot be read or processed: damaged, too extreme a shape, or over the time limit (nothing charged).',
    429: 'Over the rate limit (nothing charged); Retry-After says when to try again.',
    503: 'The queue is full (nothing charged); Retry-After says when to try again.',
  },
  removebg: {
    400: `Invalid parameters or input file unprocessable (no credits charged): codes file_too_large (over ${megabytes(publicApiLimits.removeBgMaxUploadBytes)}), invalid_file_type, failed_to_read_image, resolution_too_high, missing_source, multiple_sources, invalid_parameters.`,
    401: 'No API key (auth_failed); a session cookie is not read here.',
    402: 'Insufficient credits, or this month’s free previews are used up (insufficient_credits, no credits charged).',
    403: 'Authentication failed: the key is unknown or revoked (auth_failed, no credits charged).',
    429: 'Rate limit exceeded (rate_limit_exceeded, no credits charged).',
    503: 'The queue is full (service_unavailable, no credits charged).',
  },
};

type TransformResult = { schema: Schema; url: string };

/** The route's zod schemas as JSON Schema (fastify-type-provider-zod), then `extend`. */
function extended(extend: (schema: Schema) => Schema): SwaggerTransform {
  return (document: Parameters<typeof jsonSchemaTransform>[0]) => {
    const base = jsonSchemaTransform(document) as TransformResult;
    return { ...base, schema: extend(base.schema) };
  };
}

/** Each error answer with its description, content and headers. */
function errorResponses(
  style: Style,
  responses: Record<string, Schema>,
  withRateLimit: boolean,
): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [status, schema] of Object.entries(responses)) {
    if (status.startsWith('2')) continue;
    const headers =
      status === '429'
        ? { ...retryAfter, ...rateLimitHeaders }
        : status === '503'
          ? retryAfter
          : withRateLimit
            ? rateLimitHeaders
            : undefined;
    out[status] = {
      description: errorDescriptions[style][status] ?? 'Error',
      content: { 'application/json': { schema } },
      ...(headers ? { headers } : {}),
    };
  }
  return out;
}

/** POST /api/v1/remove-background and POST /v1.0/removebg. */
export function processingDocs(style: Style): SwaggerTransform {
  return extended((schema) => {
    const responses = (schema.response ?? {}) as Record<string, Schema>;
    const image = { schema: binary };
    return {
      ...schema,
      body: {
        content: {
          'multipart/form-data': { schema: processingFields(style, 'multipart') },
          'application/json': { schema: processingFields(style, 'json') },
          'application/x-www-form-urlencoded': { schema: processingFields(style, 'form') },
        },
      },
      response: {
        200: {
          description:
            'The result: the image itself (its type follows format and bg_color), or JSON with Accept: application/json.',
          headers: successHeaders(style),
          content: {
            'image/png': image,
            'image/jpeg': image,
            'image/webp': image,
            'application/zip': image,
            'application/json': { schema: responses['200'] },
          },
        },
        ...errorResponses(style, responses, true),
      },
    };
  });
}

/** The GET endpoints: their JSON answer and described errors. */
export function readDocs(style: Style, description: string): SwaggerTransform {
  return extended((schema) => {
    const responses = (schema.response ?? {}) as Record<string, Schema>;
    return {
      ...schema,
      response: {
        200: { description, content: { 'application/json': { schema: responses['200'] } } },
        ...errorResponses(style, responses, false),
      },
    };
  });
}
