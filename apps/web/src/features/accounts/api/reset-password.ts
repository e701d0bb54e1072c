import { accountsEndpoints, type MessageResponse, type ResetPasswordBody } from '@cutout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /api/auth/reset-password/validate?token=: is the e-mailed link still good? */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) =>
      apiClient.call(accountsEndpoints.validateResetToken, { query: { token }, signal }),
    // A token is checked once per visit; it must never be answered from an old cache entry.
    staleTime: 0,
    gcTime: 0,
  });

/** POST /api/auth/reset-password */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiClient.call(accountsEndpoints.resetPassword, { body });
}
