// The public API's parameters and texts (issue 13; spec §6 API access, §7 public API). Both
// POST /api/v1/remove-background and remove.bg's own POST /v1.0/removebg take the same fields
// with the same values, so a remove.bg caller can switch by changing the host
// (docs/decisions/0080). Zod-free: the server parses fields itself (multipart and JSON alike)
// so an unknown value is answered with the parameter's name and its allowed values.

import { compositionFields } from './composition.js';

/**
 * public-api: the versioned API for API-key callers, and remove.bg's own paths so code written
 * for remove.bg works by changing only the host (docs/decisions/0080).
 */
export const publicApiPaths = {
  removeBackground: '/api/v1/remove-background',
  usage: '/api/v1/user/usage',
  account: '/api/v1/account',
  jobs: '/api/v1/jobs',
  job: (id: string) => `/api/v1/jobs/${encodeURIComponent(id)}`,
  removeBgCompatible: '/v1.0/removebg',
  removeBgAccount: '/v1.0/account',
  /** The OpenAPI document and its reference page. */
  openApiJson: '/api/docs/json',
  reference: '/api/docs',
} as const;

/** api-keys: the signed-in user's keys (created and revoked in /dashboard/settings). */
export const apiKeysApiPaths = {
  list: '/api/me/api-keys',
  key: (id: string) => `/api/me/api-keys/${encodeURIComponent(id)}`,
} as const;

/**
 * `size`: remove.bg's names. preview/small/regular give at most 0.25 megapixels and are free
 * (at most `freePreviewsPerMonth` a month); medium and hd cap the result at 1.5 and 4 MP;
 * auto, full, 4k and 50MP give the full resolution. Every size but the previews costs one
 * credit (docs/decisions/0081).
 */
export const apiSizes = [
  'auto',
  'preview',
  'small',
  'regular',
  'medium',
  'hd',
  'full',
  '4k',
  '50MP',
] as const;
export type ApiSize = (typeof apiSizes)[number];

export const previewSizes: readonly ApiSize[] = ['preview', 'small', 'regular'];

/** Megapixel caps of the sizes that have one. */
export const sizeMegapixels: Partial<Record<ApiSize, number>> = {
  preview: 0.25,
  small: 0.25,
  regular: 0.25,
  medium: 1.5,
  hd: 4,
};

/** `format`: auto = png, or jpg when a background colour fills the image. */
export const apiFormats = ['auto', 'png', 'jpg', 'webp', 'zip'] as const;
export type ApiFormat = (typeof apiFormats)[number];

export const apiChannels = ['rgba', 'alpha'] as const;
export type ApiChannels = (typeof apiChannels)[number];

/** `variant`: which of the three results; `all` answers JSON with the three addresses. */
export const apiVariants = ['refined', 'white_bg', 'transparent_bg', 'all'] as const;
export type ApiVariant = (typeof apiVariants)[number];

/** remove.bg's `type` (foreground kind). Cutout's model is general: accepted, not used. */
export const apiForegroundTypes = [
  'auto',
  'person',
  'product',
  'car',
  'animal',
  'graphic',
  'transportation',
] as const;

/**
 * remove.bg fields Cutout accepts but cannot honour. When one is sent with a value other than
 * its default, the answer names it in the `X-Ignored-Parameters` header: `type` (Cutout's model
 * is general and does not take a subject kind) and `semitransparency` (remove.bg applies it to
 * car windows only; Cutout's alpha is always soft where the model is unsure). Everything else
 * remove.bg takes is honoured (composition.ts, decision 0190).
 */
export const ignoredApiFields = ['type', 'semitransparency'] as const;

/** Values of the ignored fields that change nothing (remove.bg's defaults). */
export const ignoredFieldDefaults: Record<string, readonly string[]> = {
  type: ['auto'],
  semitransparency: ['true', '1'],
};

/** Every field the processing endpoints read. */
export const apiFields = [
  'image_file',
  'file',
  'image_url',
  'image_file_b64',
  'size',
  'format',
  'channels',
  'variant',
  ...compositionFields,
  ...ignoredApiFields,
] as const;

export const publicApiLimits = {
  /** Free previews per account per calendar month (UTC). */
  freePreviewsPerMonth: 50,
  /**
   * The upload limit on remove.bg's paths (/v1.0/*): remove.bg's published 12 MB, as 12 MiB like
   * Cutout's own 10 MB (docs/decisions/0162).
   */
  removeBgMaxUploadBytes: 12 * 1024 * 1024,
  /** Jobs per page of GET /api/v1/jobs. */
  jobsPageSize: 20,
  jobsPageSizeMax: 100,
} as const;

/** Response headers of the processing endpoints. */
export const publicApiHeaders = {
  creditsCharged: 'X-Credits-Charged',
  width: 'X-Width',
  height: 'X-Height',
  type: 'X-Type',
  rateLimit: 'X-RateLimit-Limit',
  rateLimitRemaining: 'X-RateLimit-Remaining',
  rateLimitReset: 'X-RateLimit-Reset',
  ignored: 'X-Ignored-Parameters',
  jobId: 'X-Job-Id',
} as const;

export const publicApiTexts = {
  noImage:
    'No image given: send one of image_file (multipart), image_file_b64 (base64) or image_url.',
  twoImages:
    'Send one image source per request: image_file, image_file_b64 and image_url are alternatives.',
  badBase64: 'image_file_b64 is not valid base64.',
  previewsUsedUp: `This month's ${publicApiLimits.freePreviewsPerMonth} free previews are used up. Use size=full (1 credit per image) or wait until next month.`,
  variantAllNeedsJson:
    'variant=all answers with the three addresses as JSON: send Accept: application/json, or choose one variant.',
  unknownValue: (field: string, value: string, allowed: readonly string[]) =>
    `Unknown value "${value}" for ${field}. Allowed values: ${allowed.join(', ')}.`,
  badBoolean: (field: string) => `${field} must be true or false.`,
} as const;

/**
 * remove.bg's error codes and titles on /v1.0/* (its published OpenAPI; docs/decisions/0162).
 * `detail` always carries Cutout's own sentence; where remove.bg documents a fixed title the
 * title is remove.bg's, otherwise it is that sentence too.
 */
export const removeBgErrorTexts = {
  authMissing: 'Missing API Key',
  authInvalid: 'API Key invalid',
  fileTooLarge: 'File too large',
  fileTooLargeDetail: 'File exceeds limit of 12 MB',
  invalidFileType: 'Invalid file type',
  failedToRead: 'There was an error reading the image.',
  resolutionTooHigh: 'Image resolution too high',
  missingSource: 'No image given',
  multipleSources: 'Multiple image sources given',
  insufficientCredits: 'Insufficient credits',
  rateLimited: 'Rate limit exceeded',
} as const;

export const apiKeyTexts = {
  invalidKey: 'Invalid API key: it is unknown or has been revoked.',
  missingKey:
    'Send your API key: Authorization: Bearer {key} or X-Api-Key: {key}. Create one in your dashboard settings.',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  copied: 'API key copied',
  nameRequired: 'Please name the key',
  nameTooLong: 'Key names are at most 60 characters',
  notFound: 'API key not found.',
  tooMany: `You have ${20} active keys. Revoke one before creating another.`,
} as const;

export const apiKeyLimits = { nameMax: 60, activePerUser: 20 } as const;
