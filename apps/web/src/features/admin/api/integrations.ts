import {
  integrationsEndpoints,
  type IntegrationCheckResult,
  type IntegrationsSaveBody,
  type IntegrationsView,
} from '@cutout/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const integrationsQueryKey = ['admin', 'integrations'] as const;

/** GET /api/admin/integrations: every field with its source; secrets masked by the server. */
export const integrationsQueryOptions = queryOptions({
  queryKey: integrationsQueryKey,
  queryFn: ({ signal }) => apiClient.call(integrationsEndpoints.settings, { signal }),
});

/** PUT /api/admin/integrations: only the fields the admin changed, and the secrets to clear. */
export function saveIntegrations(
  body: IntegrationsSaveBody,
): Promise<{ settings: IntegrationsView; message: string }> {
  return apiClient.call(integrationsEndpoints.save, { body });
}

export function sendTestEmail(): Promise<IntegrationCheckResult> {
  return apiClient.call(integrationsEndpoints.testEmail, { body: {} });
}

export function checkPaymentProvider(): Promise<IntegrationCheckResult> {
  return apiClient.call(integrationsEndpoints.checkPaymentProvider, { body: {} });
}
