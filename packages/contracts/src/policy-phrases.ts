// What the one commercial policy (policy.ts, decision 0125) rules out: the phrases of the spec's
// contradicting promises, each with what Cutout says instead. The contracts' policy test scans
// the public texts and mail templates for them; the server's scans the plans it serves from the
// database (an admin's edit or an old seed could bring one back). Tests only: no page imports it.

export const contradictingPhrases: readonly (readonly [RegExp, string])[] = [
  [/never expire/i, 'paid credits are valid for one year'],
  [/indefinitely/i, 'paid credits are valid for one year'],
  [/non-?refundable/i, 'unused credits of a pack are refundable within 30 days'],
  [/money-?back/i, 'the refund is of unused credits, asked with Request refund'],
  [/\b(3|three|5|five) free (credits|downloads|images)/i, 'new accounts get 10 free credits'],
  [/images (per|a) month/i, 'credits are bought in packs, not a monthly allowance'],
  [/\bunlimited\b/i, 'Enterprise volumes are agreed with sales'],
  // Issue 39: claims about the product itself, not only the policy.
  [/no (layers, )?brushes/i, 'the editor has a touch-up brush'],
  [
    /['"`]Receipt['"`]/,
    "an order's number is called 'Order number' on every page, mail and invoice",
  ],
  // The one refund rule (refund-rule.ts, decision 0263) rounds a refund down, never up.
  [/rounded up to the cent/i, "a refund is the unused credits' share, rounded down to the cent"],
];
