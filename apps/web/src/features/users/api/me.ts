import { accountsEndpoints, usersEndpoints } from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// Checked with the contract's schemas (zod/mini, in the dashboard's chunk; docs/decisions/0064).

export const meQueryKey = ['me'] as const;

/** GET /api/me: the signed-in user with their credit balance and account type. */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => apiClient.call(usersEndpoints.me, { signal }),
  // Credits change on the server (spending, purchases): show the balance as it is now.
  staleTime: 0,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** How many ledger rows the usage card reads: the server's maximum page. */
export const creditHistoryPageSize = 100;

/** GET /api/me/credits/history: the newest ledger rows. */
export const creditHistoryQueryOptions = queryOptions({
  queryKey: [...meQueryKey, 'credit-history'],
  queryFn: ({ signal }) =>
    apiClient.call(usersEndpoints.creditHistory, {
      query: { page: 1, per_page: creditHistoryPageSize },
      signal,
    }),
  staleTime: 0,
});

export function useCreditHistory() {
  return useQuery(creditHistoryQueryOptions);
}

/** POST /api/auth/verify-email/resend: mails the signed-in user a new confirmation link. */
export function resendConfirmation() {
  return apiClient.call(accountsEndpoints.resendVerification, {});
}
