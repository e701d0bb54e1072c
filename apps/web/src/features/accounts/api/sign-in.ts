import { accountsApiPaths, type AuthUserResponse, type SignInBody } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/sign-in: sets the session cookie and answers with the user. */
export function signIn(body: SignInBody): Promise<AuthUserResponse> {
  return apiClient.post<AuthUserResponse>(accountsApiPaths.signIn, body);
}
