import {
  accountsEndpoints,
  type AdminCredentialsBody,
  type ClearUsersResponse,
  type MessageResponse,
} from '@cutout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const adminSetupQueryKey = ['admin', 'setup'] as const;

/** GET /api/admin/setup: the admin account's e-mail (never a password). */
export const adminSetupQueryOptions = queryOptions({
  queryKey: adminSetupQueryKey,
  queryFn: ({ signal }) => apiClient.call(accountsEndpoints.adminSetup, { signal }),
});

/** PUT /api/admin/setup/credentials: the signed-in admin's new e-mail and password. */
export function setAdminCredentials(body: AdminCredentialsBody): Promise<MessageResponse> {
  return apiClient.call(accountsEndpoints.adminCredentials, { body });
}

/** POST /api/admin/users/clear: deletes every user except the admins. */
export function clearAllUsers(): Promise<ClearUsersResponse> {
  return apiClient.call(accountsEndpoints.adminClearUsers, { body: { confirm: true } });
}
