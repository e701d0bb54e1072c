import { contactApiPath, type ContactBody, type ContactResponse } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /api/contact. Never retried behind the person's back (a write; see lib/api-client). */
export function sendContactMessage(body: ContactBody): Promise<ContactResponse> {
  return apiClient.post<ContactResponse>(contactApiPath, body);
}
