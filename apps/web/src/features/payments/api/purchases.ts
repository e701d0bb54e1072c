import { paymentsApi, plans as seededPlans, type paymentsEndpoints } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// What the pricing page reads from the server: the plans (from the database) and, for a
// signed-in user, their billing summary (purchases, a just-completed order, test mode). Typed by
// the contract without zod, for the first-load budget (docs/decisions/0064).

export const billingQueryKey = ['me', 'billing'] as const;

export const billingSummaryQueryOptions = queryOptions({
  queryKey: billingQueryKey,
  queryFn: ({ signal }) =>
    apiClient.call<typeof paymentsEndpoints.billing>(paymentsApi.billing, { signal }),
  staleTime: 0,
});

/** The signed-in user's billing summary (undefined while signed out or loading). */
export function useBillingSummary(signedIn: boolean) {
  return useQuery({ ...billingSummaryQueryOptions, enabled: signedIn });
}

const noPurchases: readonly string[] = [];

/** Ids of the paid plans this user has bought (docs/decisions/0073: shown, never blocking). */
export function usePurchasedPlanIds(signedIn: boolean): readonly string[] {
  return useBillingSummary(signedIn).data?.purchasedPlanIds ?? noPurchases;
}

export const plansQueryOptions = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) =>
    apiClient.call<typeof paymentsEndpoints.plans>(paymentsApi.plans, { signal }),
});

/**
 * The plans on sale, from the server's database. Until it answers (and in the prerendered
 * HTML) the page shows the seeded plans, which are the database's starting rows.
 */
export function usePlans() {
  const query = useQuery(plansQueryOptions);
  return {
    plans: query.data?.plans ?? seededPlans,
    testMode: query.data?.testMode ?? false,
    provider: query.data?.provider,
    /** Admin → Business details' contact address; null (no line shown) until one is set. */
    contactEmail: query.data?.contactEmail ?? null,
  };
}
