import {
  adminApiPaths,
  adminUserSchema,
  adminUsersResponseSchema,
  adminUserStatsSchema,
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

function listUrl(params: UserListParams): string {
  const q = new URLSearchParams();
  if (params.search.trim()) q.set('search', params.search.trim());
  if (params.plan !== 'all') q.set('plan', params.plan);
  if (params.status !== 'all') q.set('status', params.status);
  q.set('page', String(params.page));
  return `${adminApiPaths.users}?${q.toString()}`;
}

/** GET /api/admin/users with the filters; the previous page stays while the next loads. */
export const adminUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...adminUsersKey, 'list', params],
    queryFn: ({ signal }) =>
      apiClient.get(listUrl(params), { schema: adminUsersResponseSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/admin/users/stats */
export const adminUserStatsQueryOptions = queryOptions({
  queryKey: [...adminUsersKey, 'stats'],
  queryFn: ({ signal }) =>
    apiClient.get(adminApiPaths.userStats, { schema: adminUserStatsSchema, signal }),
  staleTime: 0,
});

export function createAdminUser(body: CreateAdminUserBody): Promise<AdminUser> {
  return apiClient.post(adminApiPaths.users, body, { schema: adminUserSchema });
}

export function updateAdminUser(id: string, body: UpdateAdminUserBody): Promise<AdminUser> {
  return apiClient.put(adminApiPaths.user(id), body, { schema: adminUserSchema });
}

/** Adjust credits: an amount in or out, with a reason (decision 0127). */
export function adjustUserCredits(id: string, body: AdjustCreditsBody): Promise<AdminUser> {
  return apiClient.post(`${adminApiPaths.user(id)}/credits`, body, { schema: adminUserSchema });
}

export function resetUserUsage(id: string): Promise<AdminUser> {
  return apiClient.post(adminApiPaths.resetUsage(id), {}, { schema: adminUserSchema });
}

export function deleteAdminUser(id: string): Promise<unknown> {
  return apiClient.delete(adminApiPaths.user(id));
}
