import {
  accountsApi,
  type AuthUserResponse,
  type SignUpBody,
  type accountsEndpoints,
} from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

// Typed by the contract, not parsed again: the account pages load without zod (decision 0064).

/** POST /api/auth/sign-up: creates the account, signs it in and answers with the user. */
export function signUp(body: SignUpBody): Promise<AuthUserResponse> {
  return apiClient.call<typeof accountsEndpoints.signUp>(accountsApi.signUp, { body });
}
