import {
  checkoutTexts,
  paymentsApi,
  type CreateCheckoutResponse,
  type paymentsEndpoints,
  type Plan,
} from '@cutout/contracts';
import { ApiError, apiClient } from '../../../lib/api-client';

/**
 * The server cannot sell now (503: no provider set up, or none for this plan — the spec's
 * 'Checkout not configured', which the server logs and the admin overview explains). The
 * buyer is told only that purchases are unavailable (issue 26).
 */
export class CheckoutUnavailableError extends Error {
  constructor() {
    super(checkoutTexts.unavailableTitle);
    this.name = 'CheckoutUnavailableError';
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
    created = await apiClient.call<typeof paymentsEndpoints.createCheckout>(
      paymentsApi.createCheckout,
      { body: { planId: plan.id } },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) throw new CheckoutUnavailableError();
    throw error;
  }
  // Spec §5: the result must be a valid URL ('Invalid checkout URL generated').
  if (!/^https?:\/\//.test(created.url) || !URL.canParse(created.url)) {
    throw new Error(checkoutTexts.invalidCheckoutUrl);
  }
  return created.url;
}
