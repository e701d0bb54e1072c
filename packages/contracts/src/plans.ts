import { commercialPolicy, freeCreditsCondition } from './policy.js';

// The credit packs and plans (spec §3 Plan, §9). Prices are USD numbers; display formatting is
// en-US currency. Paid packs are one-time payments, valid one year; unused credits of a pack are
// refundable within 30 days (the one commercial policy, policy.ts, decision 0125).
// The zod schema lives in plan-schema.ts, so pages that only show plans do not load zod.

export const billingTypes = ['free', 'one-time', 'enterprise'] as const;

export interface Plan {
  id: string;
  name: string;
  description: string;
  /** USD; 0 for free and enterprise. */
  price: number;
  /** -1 means custom (enterprise). */
  credits: number;
  pricePerCredit?: number;
  billingType: (typeof billingTypes)[number];
  currency: string;
  interval: string;
  features: string[];
  popular: boolean;
  validity?: string;
}

export const plans: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free Forever',
    description: 'Try Cutout on a few images, no card needed.',
    price: 0,
    credits: 10,
    billingType: 'free',
    currency: 'USD',
    interval: 'forever',
    features: [
      `${commercialPolicy.freeCredits} free credits ${freeCreditsCondition}`,
      'Refined, white and transparent results',
      'PNG output',
    ],
    popular: false,
  },
  {
    id: 'credits-10',
    name: '10 Credits',
    description: 'For the occasional product shot or portrait.',
    price: 5.15,
    credits: 10,
    pricePerCredit: 0.52,
    billingType: 'one-time',
    currency: 'USD',
    interval: 'one-time',
    features: ['10 images', 'Full-resolution results', 'Batch processing', 'API access'],
    popular: false,
    validity: '1 year',
  },
  {
    id: 'credits-100',
    name: '100 Credits',
    description: 'For shops and photographers with a steady flow of images.',
    price: 20.62,
    credits: 100,
    pricePerCredit: 0.21,
    billingType: 'one-time',
    currency: 'USD',
    interval: 'one-time',
    features: ['100 images', 'Full-resolution results', 'Batch processing', 'API access'],
    popular: true,
    validity: '1 year',
  },
  {
    id: 'credits-1000',
    name: '1000 Credits',
    description: 'For catalogues and automated pipelines.',
    price: 30.93,
    credits: 1000,
    pricePerCredit: 0.03,
    billingType: 'one-time',
    currency: 'USD',
    interval: 'one-time',
    features: ['1000 images', 'Full-resolution results', 'Batch processing', 'API access'],
    popular: false,
    validity: '1 year',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Volume pricing, integration help and support for teams.',
    price: 0,
    credits: -1,
    billingType: 'enterprise',
    currency: 'USD',
    interval: 'custom',
    features: ['Custom volume', 'Volume discounts', 'Integration support', 'Dedicated support'],
    popular: false,
  },
];

/** en-US USD formatting (spec §9): 5.15 → "$5.15". INR shows ₹ (spec §3). */
export function formatPrice(amount: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}
