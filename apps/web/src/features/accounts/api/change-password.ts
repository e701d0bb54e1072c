import { accountsApiPaths, type ChangePasswordBody, type MessageResponse } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/change-password (signed in): signs out the user's other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(accountsApiPaths.changePassword, body);
}
