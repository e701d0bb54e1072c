// Confirming the account's e-mail address (decision 0265). A module of its own: only the sign-up
// page and the dashboard show these texts, and in texts.ts they rode into every page's first
// load (the app shell imports texts.ts), 0.5 KB over the home page's budget.
import { commercialPolicy, freeCreditsCondition } from './policy.js';

/** Confirming the account's e-mail address (decision 0265); the free credits wait for it. */
export const verifyEmailTexts = {
  /** The dashboard, while the address is unconfirmed and the balance 0. */
  balanceZeroBecause: (email: string) =>
    `Your balance is 0 because your ${commercialPolicy.freeCredits} free credits arrive ${freeCreditsCondition}. We sent a link to ${email}: open it to get them. You can buy credits meanwhile.`,
  /** The same notice once credits were bought (the free ones still wait). */
  freeCreditsWaiting: (email: string) =>
    `Your ${commercialPolicy.freeCredits} free credits arrive ${freeCreditsCondition}. We sent a link to ${email}.`,
  resend: 'Send the link again',
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  /** The dashboard after the link worked. */
  confirmed: `Your e-mail address is confirmed. Your ${commercialPolicy.freeCredits} free credits are in your balance.`,
  /** The dashboard after a link that did not. */
  invalidLink:
    'This confirmation link is invalid or has expired. Sign in and send a new one from your dashboard.',
  /** The sign-up page's answer. */
  checkInbox: (email: string) =>
    `Account created. We sent a confirmation link to ${email}: your ${commercialPolicy.freeCredits} free credits arrive ${freeCreditsCondition}.`,
} as const;
