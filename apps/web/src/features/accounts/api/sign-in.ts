import {
  accountsApi,
  type AuthUserResponse,
  type SignInBody,
  type accountsEndpoints,
} from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

// Typed by the contract, not parsed again: the account pages load without zod (decision 0064).

/** POST /api/auth/sign-in: sets the session cookie and answers with the user. */
export function signIn(body: SignInBody): Promise<AuthUserResponse> {
  return apiClient.call<typeof accountsEndpoints.signIn>(accountsApi.signIn, { body });
}
