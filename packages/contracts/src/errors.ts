// One error shape for every failure the server answers with (STYLE.md, convention 4). Zod-free;
// `errorBodySchema` is in schemas/errors.ts.

export const errorCodes = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'payment_required',
  'rate_limited',
  /** A visitor's free try for today is used (decision 0155): the editor offers sign-up. */
  'free_try_used',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Messages shown for statuses the server answers without a more specific text. */
export const defaultErrorMessages: Record<ErrorCode, string> = {
  validation_failed: 'Some fields are not valid.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  not_found: 'Not found.',
  conflict: 'That conflicts with existing data.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'That type of content is not supported.',
  unprocessable: 'The request could not be processed.',
  payment_required: 'Payment required.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  free_try_used: "Today's free preview is used. Sign up to continue.",
  service_unavailable: 'The service is busy. Please try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',
};
