import {
  contactApi,
  type ContactBody,
  type ContactResponse,
  type contactEndpoints,
} from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/contact. Never retried behind the person's back (a write; see lib/api-client). Typed
 * by the contract, not parsed again: /contact loads without zod (docs/decisions/0064).
 */
export function sendContactMessage(body: ContactBody): Promise<ContactResponse> {
  return apiClient.call<typeof contactEndpoints.send>(contactApi.send, { body });
}
