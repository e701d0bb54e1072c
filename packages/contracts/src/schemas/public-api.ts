import * as z from 'zod/mini';
import { accountTypes } from '../accounts.js';
import { publicApiLimits } from '../public-api.js';
import { jobResultSchema, jobSchema } from './jobs.js';

// Answers of the public API (issue 13). The processing endpoints' fields are parsed by the
// server from multipart or JSON (../public-api.ts lists them); these are the JSON answers.

/** POST /api/v1/remove-background with Accept: application/json. */
export const publicRemoveResponseSchema = z.object({
  id: z.string(),
  /** The requested rendering, base64 (absent for variant=all). */
  result_b64: z.optional(z.string()),
  /** Its media type: image/png, image/jpeg, image/webp or application/zip. */
  type: z.optional(z.string()),
  width: z.int(),
  height: z.int(),
  credits_charged: z.int(),
  credits_remaining: z.int(),
  /** Addresses of the three stored PNG results, signed, until `expires_at`. */
  results: jobResultSchema,
  expires_at: z.string(),
});
export type PublicRemoveResponse = z.infer<typeof publicRemoveResponseSchema>;

/** remove.bg's JSON answer to POST /v1.0/removebg. */
export const removeBgResponseSchema = z.object({
  data: z.object({
    result_b64: z.string(),
    foreground_top: z.int(),
    foreground_left: z.int(),
    foreground_width: z.int(),
    foreground_height: z.int(),
  }),
});
export type RemoveBgResponse = z.infer<typeof removeBgResponseSchema>;

/** remove.bg's error shape, answered on its paths (docs/decisions/0162). */
export const removeBgErrorSchema = z.object({
  errors: z.array(
    z.object({
      /** remove.bg's title for the code where it has one, else Cutout's sentence. */
      title: z.string(),
      /** remove.bg's code: file_too_large, invalid_file_type, failed_to_read_image, auth_failed, … */
      code: z.string(),
      /** Cutout's sentence: what went wrong and what to do. */
      detail: z.string(),
    }),
  ),
});
export type RemoveBgError = z.infer<typeof removeBgErrorSchema>;

/** GET /api/v1/account */
export const publicAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  account_type: z.enum(accountTypes),
  /** Cutout sells one-time credit packs: `credits` when the account ever bought, else `free`. */
  plan: z.enum(['free', 'credits']),
  credits: z.int(),
  images_this_month: z.int(),
  free_previews_left_this_month: z.int(),
  rate_limit_per_minute: z.int(),
});
export type PublicAccount = z.infer<typeof publicAccountSchema>;

/** remove.bg's GET /v1.0/account. */
export const removeBgAccountSchema = z.object({
  data: z.object({
    attributes: z.object({
      credits: z.object({
        total: z.number(),
        subscription: z.number(),
        payg: z.number(),
        enterprise: z.number(),
      }),
      api: z.object({ free_calls: z.int(), sizes: z.string() }),
    }),
  }),
});

export const jobsPageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  per_page: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(publicApiLimits.jobsPageSizeMax)),
    publicApiLimits.jobsPageSize,
  ),
});

/** GET /api/v1/jobs: the caller's own jobs, newest first, with signed result addresses. */
export const jobsPageSchema = z.object({
  jobs: z.array(jobSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
});
export type JobsPage = z.infer<typeof jobsPageSchema>;
