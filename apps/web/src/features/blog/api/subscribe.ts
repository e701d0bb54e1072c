import { newsletterApiPath, type NewsletterBody, type NewsletterResponse } from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /api/newsletter: 201 when added, 200 when already on the list; the same message. */
export function subscribeToNewsletter(body: NewsletterBody): Promise<NewsletterResponse> {
  return apiClient.post<NewsletterResponse>(newsletterApiPath, body);
}
