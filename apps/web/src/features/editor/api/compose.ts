import { apiRouteUrl, httpTexts, jobsEndpoints } from '@cutout/contracts';
import { apiErrorFrom, NetworkError } from '../../../lib/api-client';
import { exportBody, fileNameFrom, type CompositionChoice } from '../lib/backdrop';

// POST /api/jobs/{id}/compose: the finished job's cut-out on the chosen background, at full
// size, made by the engine on the server (the same pixels as the public API). The answer is
// the image itself, so this reads a Blob rather than going through the JSON client. Not
// retried: the export is cheap to ask for again, and the person sees the error.

export interface ExportedImage {
  blob: Blob;
  fileName: string;
}

export async function exportComposition(
  jobId: string,
  choice: CompositionChoice,
  fallbackName: string,
  deps: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<ExportedImage> {
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const body = exportBody(choice);
  const json = !(body instanceof FormData);
  let response: Response;
  try {
    response = await doFetch(apiRouteUrl(jobsEndpoints.compose, { id: jobId }), {
      method: jobsEndpoints.compose.method,
      credentials: 'same-origin',
      headers: json
        ? { 'Content-Type': 'application/json', Accept: 'image/*' }
        : { Accept: 'image/*' },
      body: json ? JSON.stringify(body) : body,
      signal: deps.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(httpTexts.network);
  }
  if (!response.ok) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await response.text()) as unknown;
    } catch {
      parsed = undefined;
    }
    throw await apiErrorFrom(response.status, response.statusText, parsed);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFrom(response.headers.get('Content-Disposition'), fallbackName),
  };
}
