// The accounts API's constants and texts (spec §2 Sign-in, Sign-up, Forgot and Reset password,
// admin Security and Admin Setup tabs; §5 validation; §8 messages). Zod-free; the request and
// response schemas are in schemas/accounts.ts, the endpoints in paths.ts.

export const accountTypes = ['personal', 'business'] as const;
export type AccountType = (typeof accountTypes)[number];

/** better-auth's own ceiling; longer inputs are refused before any hashing work is done. */
export const passwordMaxLength = 128;

/** Messages for rules the spec states without quoting a text. */
export const accountTexts = {
  passwordRequired: 'Password is required',
  passwordTooLong: `Password must be at most ${passwordMaxLength} characters`,
  currentPasswordRequired: 'Current password is required',
  signedOut: 'Signed out',
  passwordChanged: 'Password changed successfully',
  adminCredentialsSaved: 'Admin credentials updated',
  lastAdmin: 'There must always be one admin account. Make another user admin first.',
  confirmClear: 'Confirm that all users except the admin should be deleted.',
  tooManyFailedSignIns: 'Too many failed sign-in attempts. Please try again later.',
} as const;
