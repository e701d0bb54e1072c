import { adminEndpoints, type AdminPreferences } from '@cutout/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The overview's figures and toggles, and the audit log.

/** GET /api/admin/overview, refreshed every 30 s while the page is open (queue, engine). */
export const adminOverviewQueryOptions = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: ({ signal }) => apiClient.call(adminEndpoints.overview, { signal }),
  staleTime: 0,
  refetchInterval: 30_000,
});

export const adminPreferencesQueryOptions = queryOptions({
  queryKey: ['admin', 'preferences'],
  queryFn: ({ signal }) => apiClient.call(adminEndpoints.preferences, { signal }),
});

export function updateAdminPreferences(
  patch: Partial<AdminPreferences>,
): Promise<AdminPreferences> {
  return apiClient.call(adminEndpoints.updatePreferences, { body: patch });
}

export type AuditFilters = { action: string; actor: string; target: string; before?: string };

/** GET /api/admin/audit-log with the viewer's filters. */
export const auditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', filters],
    // Empty filters are left out of the query.
    queryFn: ({ signal }) =>
      apiClient.call(adminEndpoints.auditLog, {
        query: {
          action: filters.action.trim(),
          actor: filters.actor.trim(),
          target: filters.target.trim(),
          before: filters.before,
          limit: 50,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
