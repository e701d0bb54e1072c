import { accountsApiPaths, type ForgotPasswordBody, type MessageResponse } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: always the same generic reply, whether the account exists. */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>(accountsApiPaths.forgotPassword, body);
}
