import { commercialPolicy, freeCreditsCondition, policyTexts } from './policy.js';

// A free first try without an account (issue 25, decision 0155): one preview-size result a day
// per client address, in the home page's editor. Zod-free: the editor's chunk loads it.

export const freeTryLimits = {
  /** Free previews per client address per UTC day. */
  perAddressPerDay: 1,
} as const;

export const freeTryTexts = {
  usedUp: `You have used today's free preview. Sign up for full resolution: new accounts get ${commercialPolicy.freeCredits} free credits ${freeCreditsCondition}.`,
  signUpForFull: 'Sign up for full resolution',
  freeCredits: policyTexts.freeCredits,
  previewTitle: 'This is your free preview',
  previewBody: (width: number | null, height: number | null) =>
    width && height
      ? `Free previews are small (${width} × ${height} px) and one a day. An account processes images at full size.`
      : 'Free previews are small and one a day. An account processes images at full size.',
  anonymousPitch: 'Try one image free today (preview size), or sign up for full resolution.',
} as const;
