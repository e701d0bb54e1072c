// The one refund rule (issue 36, docs/decisions/0263). Every refund of an order goes through it:
// the buyer's request and the admin's approval, the admin's refund dialog, and a refund the
// provider made on its own (its order_refunded webhook). The server enforces it; the admin's
// dialogs compute their figures with the same functions, so what they show is what happens.
// Zod-free and small: the web's admin pages load it.

/** An order's refund figures, all from stored data. */
export interface RefundState {
  /** What the buyer paid, in minor units. */
  totalCents: number;
  /** The credits the order granted. */
  credits: number;
  /** What was refunded of the order so far, in minor units. */
  refundedCents: number;
  /** The credits refunds of the order removed so far. */
  refundedCredits: number;
  /** The credits of the order's pack still unused and unexpired. */
  unspentCredits: number;
}

/**
 * The most all refunds of an order may add up to: the price of the credits not used,
 * price × (unused + already refunded credits) ÷ credits, rounded down to the cent.
 */
export function unspentShareCents(s: RefundState): number {
  if (s.credits <= 0 || s.totalCents <= 0) return 0;
  const notUsed = Math.min(s.credits, Math.max(0, s.unspentCredits + s.refundedCredits));
  return Math.floor((s.totalCents * notUsed) / s.credits);
}

/** What is left of the price at all: the most a goodwill refund (of used credits too) may be. */
export function leftToRefundCents(s: RefundState): number {
  return Math.max(0, s.totalCents - s.refundedCents);
}

/** What may be refunded now: the unused credits' share not refunded yet. */
export function refundableCents(s: RefundState): number {
  return Math.max(0, Math.min(leftToRefundCents(s), unspentShareCents(s) - s.refundedCents));
}

/**
 * The credits a refund bringing the order's refunded total to `refundedTotalCents` removes:
 * ceil(credits × refunded ÷ total) in all (in the operator's favour), all of them once refunded
 * in full, less those removed before, and never more than are unused.
 */
export function creditsRemovedBy(s: RefundState, refundedTotalCents: number): number {
  if (s.credits <= 0) return 0;
  const due =
    s.totalCents <= 0 || refundedTotalCents >= s.totalCents
      ? s.credits
      : Math.min(
          s.credits,
          Math.ceil((s.credits * Math.max(0, refundedTotalCents)) / s.totalCents),
        );
  return Math.max(0, Math.min(s.unspentCredits, due - s.refundedCredits));
}

/** Whether a refund bringing the total to `refundedTotalCents` refunds used credits too. */
export function exceedsUnspentShare(s: RefundState, refundedTotalCents: number): boolean {
  return refundedTotalCents > Math.max(unspentShareCents(s), s.refundedCents);
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

export const refundRuleTexts = {
  /** The rule, once: the terms, the pricing FAQ and the refund dialogs show it. */
  rule: 'A refund gives back the price of the credits not used yet: price × unused credits ÷ credits of the pack, rounded down to the cent, less what was already refunded. It is worked out when the refund is decided, so images processed after asking reduce it, and a pack whose credits are all used can no longer be refunded. A partial refund removes the unused credits it pays for, rounded up to a whole credit.',
  /** How one figure was computed (the approval's confirmation). */
  computation: (s: RefundState, currency: string) =>
    `${money(s.totalCents, currency)} × ${s.unspentCredits + s.refundedCredits} unused ÷ ${s.credits} credits = ${money(unspentShareCents(s), currency)}, rounded down${s.refundedCents > 0 ? `, less ${money(s.refundedCents, currency)} already refunded` : ''}: ${money(refundableCents(s), currency)}.`,
  /** The request closes: everything was used after it was made (the buyer is mailed this). */
  allUsed:
    'Every credit of this pack was used after the refund was requested, so nothing is left to refund and the request is closed.',
  /** A refund of the order meanwhile left nothing to refund: its open request closes. */
  refundedMeanwhile:
    'The unused credits of this pack were refunded in the meantime (see the credit note), so nothing is left to refund and the request is closed.',
  amountChanged: (amount: string) =>
    `The amount to refund changed since this confirmation was shown (credits were used or refunded meanwhile): it is now ${amount}. Check it and approve again.`,
  aboveUnspent: (most: string, left: string) =>
    `Enter an amount above 0 and at most ${most}, the unused credits' share still to refund. Up to ${left} can be refunded as a goodwill refund of used credits.`,
  nothingUnspent:
    "Every credit of this order was used or refunded: nothing is left of the unused credits' share. A goodwill refund can still give money back for used credits.",
  heldAboveTotal: (refunded: string, total: string) =>
    `The provider reported ${refunded} refunded of this ${total} order, more than it cost. Nothing was applied: at most ${total} can have been refunded. Check the order in the provider's dashboard, then refund it here if it was refunded.`,
} as const;
