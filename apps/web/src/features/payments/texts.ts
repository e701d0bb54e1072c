import { commercialPolicy, freeCreditsCondition, policyTexts } from '@cutout/contracts';

// Pricing page copy the spec does not quote (spec texts come from @cutout/contracts:
// pricingTexts, checkoutTexts). Expiry, refunds and free credits say the one commercial policy
// (docs/decisions/0125-one-commercial-policy.md), where the spec contradicted itself.

export const pricingPageTexts = {
  heroNote: 'One-time payments. No subscription.',
  plansHeading: 'Plans',
  /** Screen-reader text of a Buy Now button while its checkout loads. */
  checkoutLoading: 'Opening checkout…',
  priceCustom: 'Custom',
  validity: {
    title: 'How long credits last',
    body: `${policyTexts.validity} Each pack is a one-time payment. Unused credits of a pack can be refunded within ${commercialPolicy.refundDays} days of purchase.`,
    perImage:
      'One credit processes one image and gives you all three results: refined, white background and transparent.',
  },
  enterprise: {
    kicker: 'Enterprise',
    title: 'Custom volume for teams',
    body: 'Custom pricing, volume discounts, help with integration and dedicated support. Tell us what you need and our sales team will put a plan together.',
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        question: 'How do credits work?',
        answer:
          'Each processed image uses one credit and gives you three results: refined, white background and transparent. You buy a pack once and use its credits in the editor, in batch processing and through the API.',
      },
      {
        question: 'Do my credits expire?',
        answer: `${policyTexts.validity} The free credits of a new account do not expire.`,
      },
      {
        question: 'Can I get a refund?',
        answer: policyTexts.refunds,
      },
      {
        question: 'How do I pay?',
        answer:
          "Payments go through our card payment provider's secure hosted checkout. Cutout never sees or stores your card details.",
      },
      {
        question: 'What does the free plan include?',
        answer: `Free Forever gives you ${commercialPolicy.freeCredits} free credits ${freeCreditsCondition}, with all three results, and no card is needed. Sign up to start.`,
      },
      {
        question: 'Can I use my credits with the API?',
        answer:
          'Yes. API requests use the same credits as the editor, one credit per image. Create an API key in your dashboard.',
      },
    ],
  },
  cta: {
    title: 'Ready to remove backgrounds?',
    body: `Start with ${commercialPolicy.freeCredits} free credits ${freeCreditsCondition}, and buy a credit pack when you need more.`,
  },
  /** The enterprise mail draft (spec §7). */
  mail: {
    greeting: 'Hello Cutout sales team,',
    intro:
      "I'm interested in Cutout Enterprise for my organization and would like to know more about:",
    topics: [
      'Custom pricing for our volume',
      'Volume discounts',
      'Integration options',
      'Support options',
      'Scheduling a demo',
    ],
    closing: 'Best regards,',
    prospectiveCustomer: 'Prospective Customer',
  },
} as const;
