import {
  checkoutTexts,
  paymentsApiPaths,
  type CreateCheckoutResponse,
  type Plan,
} from '@cutout/contracts';
import { ApiError, apiClient } from '../../../lib/api-client';

/** The server has no checkout for this plan (spec §8: 'Checkout not configured'). */
export class CheckoutNotConfiguredError extends Error {
  constructor() {
    super(checkoutTexts.notConfigured);
    this.name = 'CheckoutNotConfiguredError';
  }
}

/**
 * Creates a hosted checkout for a paid plan on the server (POST /api/checkouts) and returns the
 * URL to send the buyer to. Typed by the contract, not parsed again: /pricing must stay within
 * its first-load budget without zod (docs/decisions/0064); the server serialises the answer
 * through its schema.
 */
export async function createCheckout(plan: Plan): Promise<string> {
  let created: CreateCheckoutResponse;
  try {
    created = await apiClient.post<CreateCheckoutResponse>(paymentsApiPaths.checkouts, {
      planId: plan.id,
    });
  } catch (error) {
    if (error instanceof ApiError && error.message === checkoutTexts.notConfigured) {
      throw new CheckoutNotConfiguredError();
    }
    throw error;
  }
  // Spec §5: the result must be a valid URL ('Invalid checkout URL generated').
  if (!/^https?:\/\//.test(created.url) || !URL.canParse(created.url)) {
    throw new Error(checkoutTexts.invalidCheckoutUrl);
  }
  return created.url;
}
