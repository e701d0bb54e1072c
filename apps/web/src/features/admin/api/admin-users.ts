import {
  adminEndpoints,
  type AdjustCreditsBody,
  type AdminPlan,
  type AdminUser,
  type CreateAdminUserBody,
  type UpdateAdminUserBody,
  type UserStatus,
} from '@cutout/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// User Management's calls (spec §7 Admin, under /api): list, stats, add, edit, reset, delete.

export type UserListParams = {
  search: string;
  plan: AdminPlan | 'all';
  status: UserStatus | 'all';
  page: number;
};

export const adminUsersKey = ['admin', 'users'] as const;

/** GET /api/admin/users with the filters; the previous page stays while the next loads. */
export const adminUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', params],
    // An empty search and 'all' are left out of the query.
    queryFn: ({ signal }) =>
      apiClient.call(adminEndpoints.users, {
        query: {
          search: params.search.trim(),
          plan: params.plan === 'all' ? undefined : params.plan,
          status: params.status === 'all' ? undefined : params.status,
          page: params.page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/admin/users/stats */
export const adminUserStatsQueryOptions = queryOptions({
  queryKey: [...adminUsersKey, 'stats'],
  queryFn: ({ signal }) => apiClient.call(adminEndpoints.userStats, { signal }),
  staleTime: 0,
});

export function createAdminUser(body: CreateAdminUserBody): Promise<AdminUser> {
  return apiClient.call(adminEndpoints.createUser, { body });
}

export function updateAdminUser(id: string, body: UpdateAdminUserBody): Promise<AdminUser> {
  return apiClient.call(adminEndpoints.updateUser, { params: { id }, body });
}

/** Adjust credits: an amount in or out, with a reason (decision 0127). */
export function adjustUserCredits(id: string, body: AdjustCreditsBody): Promise<AdminUser> {
  return apiClient.call(adminEndpoints.adjustCredits, { params: { id }, body });
}

export function resetUserUsage(id: string): Promise<AdminUser> {
  return apiClient.call(adminEndpoints.resetUsage, { params: { id }, body: {} });
}

export function deleteAdminUser(id: string): Promise<unknown> {
  return apiClient.call(adminEndpoints.deleteUser, { params: { id } });
}
