import {
  adminPlanSchema,
  adminPlansResponseSchema,
  adminSubscriptionDetailSchema,
  adminSubscriptionSchema,
  adminSubscriptionsApiPaths as api,
  adminSubscriptionsResponseSchema,
  adminSubscriptionStatsSchema,
  paymentsStatusSchema,
  refundRequestSchema,
  type AdminSubscription,
  type RefundRequest,
  type RefundRequestStatus,
  type EditablePlan,
  type OrderMode,
  type OrderStatus,
  type UpdateAdminPlanBody,
} from '@cutout/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The admin's purchases and pricing calls (spec §7 /admin/subscriptions…, under /api;
// docs/decisions/0104, 0105).

export type SubscriptionListParams = {
  search: string;
  status: OrderStatus | 'all';
  plan: string;
  mode: OrderMode | 'all';
  /** Orders whose latest refund request is in this state. */
  request?: RefundRequestStatus | 'all';
  page: number;
};

export const adminSubscriptionsKey = ['admin', 'subscriptions'] as const;
export const adminPlansKey = ['admin', 'plans'] as const;

function listUrl(params: SubscriptionListParams): string {
  const q = new URLSearchParams();
  if (params.search.trim()) q.set('search', params.search.trim());
  if (params.status !== 'all') q.set('status', params.status);
  if (params.plan !== 'all') q.set('plan', params.plan);
  if (params.mode !== 'all') q.set('mode', params.mode);
  if (params.request && params.request !== 'all') q.set('request', params.request);
  q.set('page', String(params.page));
  return `${api.subscriptions}?${q.toString()}`;
}

export const adminSubscriptionsQueryOptions = (params: SubscriptionListParams) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'list', params],
    queryFn: ({ signal }) =>
      apiClient.get(listUrl(params), { schema: adminSubscriptionsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const adminSubscriptionStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'stats', days],
    queryFn: ({ signal }) =>
      apiClient.get(`${api.stats}?days=${days}`, { schema: adminSubscriptionStatsSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const adminSubscriptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'detail', id],
    queryFn: ({ signal }) =>
      apiClient.get(api.subscription(id), { schema: adminSubscriptionDetailSchema, signal }),
    staleTime: 0,
  });

/**
 * POST /api/admin/subscriptions/{id}/cancel: the provider is asked to refund the order, or
 * `amountCents` of it (decision 0121).
 */
export function refundSubscription(id: string, amountCents?: number): Promise<AdminSubscription> {
  return apiClient.post(api.cancel(id), amountCents === undefined ? {} : { amountCents }, {
    schema: adminSubscriptionSchema,
  });
}

/** POST /api/admin/subscriptions/{id}/credit: an order held for review is credited. */
export function creditHeldOrder(
  id: string,
  body: { credits?: number; reason: string },
): Promise<AdminSubscription> {
  return apiClient.post(api.credit(id), body, { schema: adminSubscriptionSchema });
}

export function approveRefundRequest(id: string): Promise<RefundRequest> {
  return apiClient.post(api.approveRefundRequest(id), undefined, { schema: refundRequestSchema });
}

export function declineRefundRequest(id: string, reason: string): Promise<RefundRequest> {
  return apiClient.post(api.declineRefundRequest(id), { reason }, { schema: refundRequestSchema });
}

/** Who sells, for the sandbox banner on every admin page (decision 0120). */
export const paymentsStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'payments-status'],
  queryFn: ({ signal }) =>
    apiClient.get(api.paymentsStatus, { schema: paymentsStatusSchema, signal }),
  staleTime: 60_000,
});

export function saveSubscriptionNote(id: string, note: string): Promise<AdminSubscription> {
  return apiClient.put(api.subscription(id), { note }, { schema: adminSubscriptionSchema });
}

export const adminPlansQueryOptions = queryOptions({
  queryKey: adminPlansKey,
  queryFn: ({ signal }) => apiClient.get(api.plans, { schema: adminPlansResponseSchema, signal }),
  staleTime: 0,
});

export function updatePlan(id: string, body: UpdateAdminPlanBody): Promise<EditablePlan> {
  return apiClient.put(api.plan(id), body, { schema: adminPlanSchema });
}
