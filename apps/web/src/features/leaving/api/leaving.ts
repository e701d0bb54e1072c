import {
  apiRouteUrl,
  dataExportName,
  usersApi,
  type DeleteAccountBody,
  type usersEndpoints,
} from '@cutout/contracts';
import { apiClient, apiErrorFrom } from '../../../lib/api-client';

// Leaving with one's data (decision 0270): the export and the account's deletion.

/**
 * GET /api/me/export: the zip as the server streams it, read into a Blob to save it under the
 * server's name, so a refusal (too many in an hour) shows as a message, not a broken file.
 */
export async function downloadMyData(): Promise<{ blob: Blob; name: string }> {
  const response = await fetch(apiRouteUrl(usersApi.exportData), { credentials: 'same-origin' });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw await apiErrorFrom(response.status, response.statusText, body);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? dataExportName(new Date());
  return { blob: await response.blob(), name };
}

/** DELETE /api/me with the account's password; the server clears the session cookie. */
export function deleteMyAccount(body: DeleteAccountBody): Promise<unknown> {
  return apiClient.call<typeof usersEndpoints.deleteMe>(usersApi.deleteMe, { body });
}
