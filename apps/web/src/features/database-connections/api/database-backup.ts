import {
  apiRouteUrl,
  databaseBackupLimits,
  databaseConnectionsEndpoints as api,
  httpTexts,
} from '@cutout/contracts';
import { apiErrorFrom, NetworkError, TimeoutError } from '../../../lib/api-client';

// Backup and Restore of the active connection (decision 0269). Both can take minutes, longer
// than the JSON client's 30 s: they wait as long as the server may work (its limit, plus a
// minute for the transfer). Not retried: a restore must never run twice by itself.

const waitMs = databaseBackupLimits.timeoutMs + 60_000;

async function send(url: string, init: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(waitMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin', signal: timeout });
  } catch (cause) {
    if (timeout.aborted) throw new TimeoutError(httpTexts.timeout(waitMs / 1000), { cause });
    throw new NetworkError(httpTexts.network, { cause });
  }
  if (!response.ok) {
    let body: unknown;
    try {
      body = JSON.parse(await response.text()) as unknown;
    } catch {
      body = undefined;
    }
    throw await apiErrorFrom(response.status, response.statusText, body);
  }
  return response;
}

/** POST /api/admin/database/backup: the dump, and the name the server gave it. */
export async function backupDatabase(): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(apiRouteUrl(api.backup), {
    method: api.backup.method,
    headers: { Accept: 'application/octet-stream, application/json' },
  });
  // The server names the file with plain characters only (as the batch zip's name is read).
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'database-backup';
  return { blob: await response.blob(), fileName };
}

/** POST /api/admin/database/restore: multipart `confirmation` (the database's name), then `file`. */
export async function restoreDatabase(
  file: File,
  confirmation: string,
): Promise<{ message: string }> {
  const form = new FormData();
  form.append(databaseBackupLimits.confirmationField, confirmation);
  form.append(databaseBackupLimits.fileField, file);
  const response = await send(apiRouteUrl(api.restore), {
    method: api.restore.method,
    headers: { Accept: 'application/json' },
    body: form,
  });
  return (await response.json()) as { message: string };
}
