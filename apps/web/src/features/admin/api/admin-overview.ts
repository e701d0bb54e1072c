import {
  adminApiPaths,
  adminOverviewSchema,
  adminPreferencesSchema,
  auditLogResponseSchema,
  type AdminPreferences,
} from '@cutout/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// The overview's figures and toggles, and the audit log.

/** GET /api/admin/overview, refreshed every 30 s while the page is open (queue, engine). */
export const adminOverviewQueryOptions = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: ({ signal }) =>
    apiClient.get(adminApiPaths.overview, { schema: adminOverviewSchema, signal }),
  staleTime: 0,
  refetchInterval: 30_000,
});

export const adminPreferencesQueryOptions = queryOptions({
  queryKey: ['admin', 'preferences'],
  queryFn: ({ signal }) =>
    apiClient.get(adminApiPaths.preferences, { schema: adminPreferencesSchema, signal }),
});

export function updateAdminPreferences(
  patch: Partial<AdminPreferences>,
): Promise<AdminPreferences> {
  return apiClient.put(adminApiPaths.preferences, patch, { schema: adminPreferencesSchema });
}

export type AuditFilters = { action: string; actor: string; target: string; before?: string };

/** GET /api/admin/audit-log with the viewer's filters. */
export const auditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', filters],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams();
      if (filters.action.trim()) q.set('action', filters.action.trim());
      if (filters.actor.trim()) q.set('actor', filters.actor.trim());
      if (filters.target.trim()) q.set('target', filters.target.trim());
      if (filters.before) q.set('before', filters.before);
      q.set('limit', '50');
      return apiClient.get(`${adminApiPaths.auditLog}?${q.toString()}`, {
        schema: auditLogResponseSchema,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
