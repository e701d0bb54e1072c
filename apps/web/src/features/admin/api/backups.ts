import { backupsApi, backupsEndpoints, apiRouteUrl } from '@cutout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const backupsQueryKey = ['admin', 'backups'] as const;

/** GET /api/admin/backups: the archives, the one under way, the last outcome, the schedule. */
export const backupsQueryOptions = queryOptions({
  queryKey: backupsQueryKey,
  queryFn: ({ signal }) => apiClient.call(backupsEndpoints.list, { signal }),
  // While a backup runs, its progress is polled.
  refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
});

/** POST /api/admin/backups: starts a backup in the background. */
export function startBackup() {
  return apiClient.call(backupsEndpoints.create, {});
}

/** DELETE /api/admin/backups/{name}. */
export function deleteBackup(name: string) {
  return apiClient.call(backupsEndpoints.remove, { params: { id: name } });
}

/** The archive's address, for a plain download link (the session cookie goes with it). */
export const backupDownloadUrl = (name: string) => apiRouteUrl(backupsApi.download, { id: name });
