import {
  adminPaymentsEndpoints as endpoints,
  limits,
  type WebhookEvent,
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

/** The list's query: a filter set to 'all' (or an empty search) is left out. */
function listQuery(params: SubscriptionListParams) {
  const chosen = <T extends string>(value: T | 'all' | undefined) =>
    value === 'all' ? undefined : value;
  return {
    search: params.search.trim(),
    status: chosen(params.status),
    plan: chosen(params.plan),
    mode: chosen(params.mode),
    request: chosen(params.request),
    page: params.page,
  };
}

export const adminSubscriptionsQueryOptions = (params: SubscriptionListParams) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'list', params],
    queryFn: ({ signal }) =>
      apiClient.call(endpoints.subscriptions, { query: listQuery(params), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const adminSubscriptionStatsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'stats', days],
    queryFn: ({ signal }) => apiClient.call(endpoints.stats, { query: { days }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const adminSubscriptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'detail', id],
    queryFn: ({ signal }) => apiClient.call(endpoints.subscription, { params: { id }, signal }),
    staleTime: 0,
  });

/**
 * POST /api/admin/subscriptions/{id}/cancel: the provider is asked to refund `amountCents` of
 * the order (the unused credits' share when omitted), or more as a goodwill refund
 * (decisions 0121, 0263).
 */
export function refundSubscription(
  id: string,
  amountCents?: number,
  goodwill = false,
): Promise<AdminSubscription> {
  return apiClient.call(endpoints.cancel, {
    params: { id },
    body: {
      ...(amountCents === undefined ? {} : { amountCents }),
      ...(goodwill ? { goodwill } : {}),
    },
  });
}

/** POST /api/admin/subscriptions/{id}/credit: an order held for review is credited. */
export function creditHeldOrder(
  id: string,
  body: { credits?: number; reason: string },
): Promise<AdminSubscription> {
  return apiClient.call(endpoints.credit, { params: { id }, body });
}

/** Approves a refund request for the amount its confirmation showed (decision 0263). */
export function approveRefundRequest(id: string, amountCents: number): Promise<RefundRequest> {
  return apiClient.call(endpoints.approveRefundRequest, { params: { id }, body: { amountCents } });
}

export function declineRefundRequest(id: string, reason: string): Promise<RefundRequest> {
  return apiClient.call(endpoints.declineRefundRequest, { params: { id }, body: { reason } });
}

/** Who sells, for the sandbox banner on every admin page (decision 0120). */
export const paymentsStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'payments-status'],
  queryFn: ({ signal }) => apiClient.call(endpoints.paymentsStatus, { signal }),
  staleTime: 60_000,
});

export function saveSubscriptionNote(id: string, note: string): Promise<AdminSubscription> {
  return apiClient.call(endpoints.updateSubscription, { params: { id }, body: { note } });
}

export const adminPlansQueryOptions = queryOptions({
  queryKey: adminPlansKey,
  queryFn: ({ signal }) => apiClient.call(endpoints.plans, { signal }),
  staleTime: 0,
});

export function updatePlan(id: string, body: UpdateAdminPlanBody): Promise<EditablePlan> {
  return apiClient.call(endpoints.updatePlan, { params: { id }, body });
}

export type WebhookEventListParams = { search: string; outcome: string; page: number };

/**
 * GET /api/admin/webhook-events: every webhook received, newest first (decision 0262); the
 * search is a provider's order id, exactly.
 */
export const webhookEventsQueryOptions = (params: WebhookEventListParams) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'webhook-events', params],
    queryFn: async ({ signal }) => {
      const order = params.search.trim();
      const answer = await apiClient.call(endpoints.webhookEvents, {
        query: {
          page: params.page,
          ...(params.outcome === 'all' ? {} : { outcome: params.outcome }),
          ...(order ? { order } : {}),
        },
        signal,
      });
      return { ...answer, perPage: limits.purchasesPageSize };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** POST /api/admin/webhook-events/{id}/replay: a stored webhook applied again (idempotent). */
export function replayWebhookEvent(id: string): Promise<WebhookEvent> {
  return apiClient.call(endpoints.replayWebhookEvent, { params: { id } });
}
