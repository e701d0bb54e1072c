import { limits, paymentsEndpoints, usersEndpoints } from '@cutout/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { billingQueryKey } from './purchases';

// The billing pages' calls (dashboard chunks: checked with the contract's zod/mini schemas).

export function useBilling() {
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => apiClient.call(paymentsEndpoints.billing, { signal }),
    staleTime: 0,
  });
}

export function ordersQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['me', 'orders', page],
    queryFn: ({ signal }) =>
      apiClient.call(paymentsEndpoints.orders, {
        query: { page, per_page: limits.purchasesPageSize },
        signal,
      }),
    staleTime: 0,
  });
}

export function useOrders(page: number) {
  return useQuery(ordersQueryOptions(page));
}

/** The ledger, 20 rows a page (spec §9 "Purchases page size 20"). */
export function useCreditHistoryPage(page: number) {
  return useQuery({
    queryKey: ['me', 'credit-history', 'page', page],
    queryFn: ({ signal }) =>
      apiClient.call(usersEndpoints.creditHistory, {
        query: { page, per_page: limits.purchasesPageSize },
        signal,
      }),
    staleTime: 0,
  });
}

/**
 * /payment-success: asks again every 2 s until the provider's webhook has arrived, then every
 * 30 s while the order is held for review (an admin credits or refunds it).
 */
export function useCheckoutStatus(checkoutId: string | null) {
  return useQuery({
    queryKey: ['checkout', checkoutId],
    queryFn: ({ signal }) =>
      apiClient.call(paymentsEndpoints.checkout, { params: { id: checkoutId! }, signal }),
    enabled: checkoutId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'waiting' ? 2000 : state === 'needs_review' ? 30_000 : false;
    },
  });
}

/** 'E-mail receipt': says whether the invoice went out or only waits in the outbox. */
export function useEmailReceipt() {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiClient.call(paymentsEndpoints.emailReceipt, { params: { id: orderId } }),
  });
}

/** 'Request refund' on an order (decision 0125). */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      apiClient.call(paymentsEndpoints.refundRequest, {
        params: { id: orderId },
        body: reason ? { reason } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'orders'] }),
  });
}
