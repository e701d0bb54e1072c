import {
  newsletterApi,
  type NewsletterResponse,
  type newsletterEndpoints,
} from '@cutout/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /api/newsletter/confirm or /unsubscribe with the token of the mailed link. */
export function followNewsletterLink(
  action: 'confirm' | 'unsubscribe',
  token: string,
): Promise<NewsletterResponse> {
  return action === 'confirm'
    ? apiClient.call<typeof newsletterEndpoints.confirm>(newsletterApi.confirm, {
        body: { token },
      })
    : apiClient.call<typeof newsletterEndpoints.unsubscribe>(newsletterApi.unsubscribe, {
        body: { token },
      });
}
