import {
  accountsApi,
  type ChangePasswordBody,
  type MessageResponse,
  type accountsEndpoints,
} from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

// Typed by the contract, not parsed again: the account pages load without zod (decision 0064).

/** POST /api/auth/change-password (signed in): signs out the user's other sessions. */
export function changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
  return apiClient.call<typeof accountsEndpoints.changePassword>(accountsApi.changePassword, {
    body,
  });
}
