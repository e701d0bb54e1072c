// Cutout's one commercial policy (issue 23, docs/decisions/0125). The spec contradicts itself
// on what a buyer is promised (§9: non-refundable; the FAQ: credits never expire and a 30-day
// money-back guarantee; the Free card: 3 credits; the docs FAQ: 5 and 100 images a month).
// Every page, mail, receipt and term says what is written here, and a test scans the public
// texts and mail templates for the contradicting phrases. Zod-free and small: the pricing page
// loads it.

export const commercialPolicy = {
  /** Credits every new account gets (spec §4, §9: "New user starting credits 10"). */
  freeCredits: 10,
  /** Paid credits are valid this long from the date of purchase. */
  validityYears: 1,
  /** Unused credits of a pack can be refunded this many days after purchase. */
  refundDays: 30,
} as const;

/**
 * When the free credits arrive (issue 36, decision 0265): once the account's e-mail address is
 * confirmed through the mailed link, so a throwaway address earns nothing.
 */
export const freeCreditsCondition = 'after you confirm your e-mail address';

export const policyTexts = {
  freeCredits: `New accounts get ${commercialPolicy.freeCredits} free credits ${freeCreditsCondition}.`,
  validity: 'Paid credits are valid for one year from the date of purchase.',
  refunds: `Unused credits of a pack can be refunded within ${commercialPolicy.refundDays} days of purchase: use Request refund on the order in your billing page, and we refund the unused credits' share of the price through the payment provider.`,
  /** The three in one line, for receipts, invoices and mails. */
  summary: `Paid credits are valid for one year from the date of purchase. Unused credits of a pack can be refunded within ${commercialPolicy.refundDays} days of purchase.`,
} as const;
