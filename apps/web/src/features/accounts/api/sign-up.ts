import { accountsApiPaths, type AuthUserResponse, type SignUpBody } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/sign-up: creates the account, signs it in and answers with the user. */
export function signUp(body: SignUpBody): Promise<AuthUserResponse> {
  return apiClient.post<AuthUserResponse>(accountsApiPaths.signUp, body);
}
