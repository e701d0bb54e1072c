import {
  accountsApi,
  type ForgotPasswordBody,
  type MessageResponse,
  type accountsEndpoints,
} from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

// Typed by the contract, not parsed again: the account pages load without zod (decision 0064).

/** POST /api/auth/forgot-password: always the same generic reply, whether the account exists. */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiClient.call<typeof accountsEndpoints.forgotPassword>(accountsApi.forgotPassword, {
    body,
  });
}
