import { checkoutTexts, type Plan } from '@cutout/contracts';

/** The server has no checkout for this plan (spec §8: 'Checkout not configured'). */
export class CheckoutNotConfiguredError extends Error {
  constructor() {
    super(checkoutTexts.notConfigured);
    this.name = 'CheckoutNotConfiguredError';
  }
}

/**
 * Creates a hosted checkout for a paid plan and returns the URL to send the buyer to.
 *
 * Payments arrive with the checkout issue; until then no plan has a checkout, and saying so is
 * the honest answer (never a fake success or a fake redirect). That issue replaces this body with
 * the POST to the server and keeps the signature.
 */
export function createCheckout(plan: Plan): Promise<string> {
  void plan;
  return Promise.reject(new CheckoutNotConfiguredError());
}
