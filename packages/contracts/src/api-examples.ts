import { downloadName } from './file-names.js';
import { publicApiPaths } from './public-api.js';

// The public API's examples as the /api page shows them (spec §2 API documentation, §7 public
// API). Kept here, zod-free, so the page and the server's tests use the very same text: the
// server test runs the curl example, with a real key, against a running server.
//
// The only placeholders are `YOUR_API_KEY` and the input file `photo.jpg`; everything else runs
// unchanged once those two are replaced (or the key is replaced and a photo.jpg is present).

/** Replaced by the reader with a key created in the dashboard. */
export const apiExampleApiKey = 'YOUR_API_KEY';

/** The image the examples upload, relative to the directory they run in. */
export const apiExampleInputFile = 'photo.jpg';

/**
 * Where the image examples write the cut-out PNG: the name the API itself gives the default
 * (refined) result, as the editor and the batch zip name it.
 */
export const apiExampleOutputFile = downloadName(apiExampleInputFile, 'refined');

/**
 * The base address shown before the page knows its own origin (in prerendered HTML); the page
 * shows its own origin once it runs in a browser.
 */
export const apiExampleDefaultBaseUrl = 'https://YOUR-CUTOUT-HOST';

export interface ApiExamples {
  rest: {
    /** POST /api/v1/remove-background with Accept: application/json: the three addresses. */
    removeBackground: string;
    /** The default answer: the cut-out PNG itself, saved to a file; headers printed. */
    removeBackgroundPng: string;
    /** GET /api/v1/user/usage. One shell command. */
    usage: string;
    /** remove.bg's own call against Cutout: only the host differs. */
    removeBg: string;
  };
  /** Node.js 20+ (ES module) with the typed client @cutout/client (packages/client). */
  javascript: string;
  /** Python 3 with requests. */
  python: string;
}

/** `http://host:3000/` → `http://host:3000`; anything else is used as given. */
function trimBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  // The URL is single-quoted in the shell examples and double-quoted in the scripts.
  if (/['"\\\s`$]/.test(trimmed))
    throw new Error(`Unsafe base URL for the API examples: ${baseUrl}`);
  return trimmed;
}

export function apiExamples(baseUrl: string): ApiExamples {
  const base = trimBaseUrl(baseUrl);
  const removeUrl = `${base}${publicApiPaths.removeBackground}`;
  const usageUrl = `${base}${publicApiPaths.usage}`;
  const key = apiExampleApiKey;
  const file = apiExampleInputFile;
  const out = apiExampleOutputFile;

  const removeBackground = [
    `curl -X POST '${removeUrl}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Accept: application/json' \\`,
    `  -F 'image_file=@${file}' \\`,
    `  -F 'variant=all'`,
  ].join('\n');

  const removeBackgroundPng = [
    `curl -X POST '${removeUrl}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -F 'image_file=@${file}' \\`,
    `  -F 'format=png' \\`,
    `  --fail-with-body -D - -o '${out}'`,
  ].join('\n');

  const usage = [`curl '${usageUrl}' \\`, `  -H 'Authorization: Bearer ${key}'`].join('\n');

  const removeBg = [
    `curl -X POST '${base}${publicApiPaths.removeBgCompatible}' \\`,
    `  -H 'X-Api-Key: ${key}' \\`,
    `  -F 'image_file=@${file}' \\`,
    `  -F 'size=auto' \\`,
    `  --fail-with-body -o '${out}'`,
  ].join('\n');

  const javascript = `// Node.js 20 or newer with Cutout's typed client, generated from its OpenAPI document.
// Install it from your Cutout checkout: npm pack /path/to/cutout/packages/client, then
// npm install ./cutout-client-0.1.0.tgz
// Save as remove-background.mjs and run: node remove-background.mjs
import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { asMultipart, createCutoutClient, imageOf } from '@cutout/client';

const cutout = createCutoutClient({ baseUrl: '${base}', apiKey: '${key}' });

const { data, error, response } = await cutout.POST('${publicApiPaths.removeBackground}', {
  // Every field is typed: format, size, bg_color, crop, … (see the reference).
  body: { image_file: await openAsBlob('${file}', { type: 'image/jpeg' }), format: 'png' },
  bodySerializer: asMultipart,
  parseAs: 'blob',
});
if (error) throw new Error(\`\${response.status} \${error.error.code}: \${error.error.message}\`);
await writeFile('${out}', Buffer.from(await imageOf(data).arrayBuffer()));
const size = \`\${response.headers.get('X-Width')}x\${response.headers.get('X-Height')}\`;
console.log(\`saved ${out} (\${size}), credits charged: \${response.headers.get('X-Credits-Charged')}\`);

const usage = await cutout.GET('${publicApiPaths.usage}');
// { credits, images_processed, images_processed_this_month }
console.log(usage.data);
`;

  const python = `# Python 3 with requests (pip install requests). Save as remove_background.py and run it.
import requests

API_KEY = "${key}"
BASE_URL = "${base}"
headers = {"Authorization": f"Bearer {API_KEY}"}

with open("${file}", "rb") as image:
    response = requests.post(
        f"{BASE_URL}${publicApiPaths.removeBackground}",
        headers=headers,
        files={"image_file": ("${file}", image, "image/jpeg")},
        data={"format": "png"},  # or jpg, webp, zip; see the reference for every field
        timeout=120,
    )
if not response.ok:
    error = response.json()["error"]
    raise SystemExit(f"{response.status_code} {error['code']}: {error['message']}")
with open("${out}", "wb") as result:
    result.write(response.content)
size = f"{response.headers['X-Width']}x{response.headers['X-Height']}"
print(f"saved ${out} ({size}), credits charged: {response.headers['X-Credits-Charged']}")

usage = requests.get(f"{BASE_URL}${publicApiPaths.usage}", headers=headers, timeout=30)
# credits, images_processed, images_processed_this_month
print(usage.json())
`;

  return { rest: { removeBackground, removeBackgroundPng, usage, removeBg }, javascript, python };
}
