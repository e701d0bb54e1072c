import { usersEndpoints, type UpdateProfileBody, type UserProfile } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** PATCH /api/me: the signed-in user's name and account type. */
export function updateProfile(body: UpdateProfileBody): Promise<UserProfile> {
  return apiClient.call(usersEndpoints.updateMe, { body });
}
