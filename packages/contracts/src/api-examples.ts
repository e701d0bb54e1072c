import { publicApiPaths } from './paths.js';

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

/** Where the `Accept: image/png` example writes the transparent PNG. */
export const apiExampleOutputFile = 'photo_transparent_bg.png';

/**
 * The base address shown before the page knows its own origin (in prerendered HTML); the page
 * shows its own origin once it runs in a browser.
 */
export const apiExampleDefaultBaseUrl = 'https://YOUR-CUTOUT-HOST';

export interface ApiExamples {
  rest: {
    /** POST /api/v1/remove-background, answering JSON. One shell command. */
    removeBackground: string;
    /** The same with `Accept: image/png`: the answer is the transparent PNG, saved to a file. */
    removeBackgroundPng: string;
    /** GET /api/v1/user/usage. One shell command. */
    usage: string;
  };
  /** Node.js 20+ (ES module): fetch, FormData and fs.openAsBlob, no packages. */
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

  const removeBackground = [
    `curl -X POST '${removeUrl}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -F 'file=@${file}'`,
  ].join('\n');

  const removeBackgroundPng = [
    `curl -X POST '${removeUrl}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Accept: image/png' \\`,
    `  -F 'file=@${file}' \\`,
    `  --fail-with-body -o '${apiExampleOutputFile}'`,
  ].join('\n');

  const usage = [`curl '${usageUrl}' \\`, `  -H 'Authorization: Bearer ${key}'`].join('\n');

  const javascript = `// Node.js 20 or newer. Save as remove-background.mjs and run: node remove-background.mjs
import { openAsBlob } from 'node:fs';

const API_KEY = '${key}';
const BASE_URL = '${base}';
const headers = { Authorization: \`Bearer \${API_KEY}\` };

const form = new FormData();
form.append('file', await openAsBlob('${file}', { type: 'image/jpeg' }), '${file}');

const response = await fetch(\`\${BASE_URL}${publicApiPaths.removeBackground}\`, {
  method: 'POST',
  headers,
  body: form,
});
const body = await response.json();
if (!response.ok) {
  throw new Error(\`\${response.status} \${body.error.code}: \${body.error.message}\`);
}
// { id, refined, white_bg, transparent_bg, width, height, timings, credits, expiresAt }
console.log(body);

const usage = await fetch(\`\${BASE_URL}${publicApiPaths.usage}\`, { headers });
// { credits, images_processed, images_processed_this_month }
console.log(await usage.json());
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
        files={"file": ("${file}", image, "image/jpeg")},
        timeout=120,
    )
body = response.json()
if not response.ok:
    raise SystemExit(f"{response.status_code} {body['error']['code']}: {body['error']['message']}")
# id, refined, white_bg, transparent_bg, width, height, timings, credits, expiresAt
print(body)

usage = requests.get(f"{BASE_URL}${publicApiPaths.usage}", headers=headers, timeout=30)
# credits, images_processed, images_processed_this_month
print(usage.json())
`;

  return { rest: { removeBackground, removeBackgroundPng, usage }, javascript, python };
}
