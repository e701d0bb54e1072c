import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.js';

// Cutout's public API, typed from its OpenAPI document: every path, field, answer and error of
// /api/v1 and remove.bg's /v1.0 (./schema.ts, generated), called through openapi-fetch.
//
//   const cutout = createCutoutClient({ baseUrl: 'https://cutout.example', apiKey });
//   const { data, error, response } = await cutout.POST('/api/v1/remove-background', {
//     body: { image_file: await openAsBlob('photo.jpg'), format: 'png' },
//     bodySerializer: asMultipart,
//     parseAs: 'blob',
//   });
//   if (error) throw new Error(error.error.message);
//   await writeFile('photo.png', Buffer.from(await imageOf(data).arrayBuffer()));
//
// The whole example, as /api shows it, is in this package's README.md.

export type { components, operations, paths } from './schema.js';

export type CutoutClient = Client<paths>;

export interface CutoutClientOptions {
  /** Where Cutout runs, such as https://cutout.example (no path). */
  baseUrl: string;
  /** A key from /dashboard/settings; sent as X-Api-Key (the API paths read no cookie). */
  apiKey: string;
  /** Another fetch (tests, proxies); default: the global one. */
  fetch?: ClientOptions['fetch'];
}

export function createCutoutClient({ baseUrl, apiKey, fetch }: CutoutClientOptions): CutoutClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { 'X-Api-Key': apiKey },
    ...(fetch ? { fetch } : {}),
  });
}

/**
 * openapi-fetch's `bodySerializer` for the processing calls' multipart form: Blobs become file
 * parts (named after the Blob when it is a File), other values text; absent ones are left out.
 */
export function asMultipart(body: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) {
      form.append(name, value, value instanceof File ? value.name : name);
    } else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    ) {
      form.append(name, String(value));
    } else {
      throw new TypeError(`${name}: a form field is text, a number, a boolean or a Blob`);
    }
  }
  return form;
}

/**
 * The image of a processing call asked with `parseAs: 'blob'`. openapi-fetch hands back a Blob
 * then, but its types cannot follow `parseAs` through a call's options, so `data` is typed as
 * every answer the call may give (an image, or the JSON one with `Accept: application/json`).
 * This checks and says which: a Blob, or a TypeError naming what came instead.
 */
export function imageOf(data: unknown): Blob {
  if (data instanceof Blob) return data;
  throw new TypeError(
    `Expected an image answer (ask with parseAs: 'blob'), got ${data === null ? 'null' : typeof data}`,
  );
}
