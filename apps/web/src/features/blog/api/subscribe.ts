import {
  newsletterApi,
  type NewsletterBody,
  type NewsletterResponse,
  type newsletterEndpoints,
} from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/newsletter: 201 when added, 200 when already on the list; the same message. Typed by
 * the contract, not parsed again: the blog loads without zod (docs/decisions/0064).
 */
export function subscribeToNewsletter(body: NewsletterBody): Promise<NewsletterResponse> {
  return apiClient.call<typeof newsletterEndpoints.subscribe>(newsletterApi.subscribe, { body });
}
