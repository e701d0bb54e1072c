import type { ArticleBody } from '../article-content';

export const body: ArticleBody = [
  {
    type: 'p',
    text: 'Processing ten photos in the editor is pleasant. Processing ten thousand is a job for a script. This article walks through a small, robust pipeline that sends a folder of product photos to the Cutout API, saves the results next to the originals and can be stopped and restarted without paying twice. The examples use Node.js 20 with no extra packages; the same structure works in any language.',
  },
  { type: 'h2', text: 'The one call you need' },
  {
    type: 'p',
    text: 'Create an API key in your dashboard and keep it out of your code — an environment variable is enough. Each image is one multipart POST with the file in a field named file and the key as a Bearer token. The JSON answer carries links to the three results (refined, white_bg and transparent_bg), the image size, your remaining credits and when the results expire.',
  },
  {
    type: 'code',
    label: 'One image with curl',
    code: 'curl -X POST "$CUTOUT_URL/api/v1/remove-background" \\\n  -H "Authorization: Bearer $CUTOUT_API_KEY" \\\n  -F \'file=@photos/sku-1042-front.jpg\'',
  },
  {
    type: 'p',
    text: 'Results are kept for a limited time, so download what you need straight away rather than storing the links. If you only need the transparent PNG, ask for it directly with an Accept: image/png header and the answer is the image itself.',
  },
  { type: 'h2', text: 'A pipeline that survives interruptions' },
  {
    type: 'p',
    text: 'The most important property of a batch script is that it can be run again. Networks drop, laptops sleep and you will want to add photos to the folder next week. Decide up front that the output files are the record of what is done: before processing a photo, check whether its result already exists, and skip it if so. Write each result to a temporary name and rename it when complete, so a half-written file never looks finished.',
  },
  {
    type: 'code',
    label: 'catalogue.mjs (Node.js 20+)',
    code: "import { existsSync, openAsBlob } from 'node:fs';\nimport { readdir, rename, writeFile } from 'node:fs/promises';\n\nconst { CUTOUT_URL, CUTOUT_API_KEY } = process.env;\nconst dir = 'photos';\nconst sleep = (ms) => new Promise((r) => setTimeout(r, ms));\n\nasync function removeBackground(file) {\n  for (let attempt = 0; ; attempt++) {\n    const form = new FormData();\n    form.append('file', await openAsBlob(`${dir}/${file}`), file);\n    const res = await fetch(`${CUTOUT_URL}/api/v1/remove-background`, {\n      method: 'POST',\n      headers: { Authorization: `Bearer ${CUTOUT_API_KEY}`, Accept: 'image/png' },\n      body: form,\n    });\n    if (res.ok) return Buffer.from(await res.arrayBuffer());\n    const retryable = res.status === 429 || res.status >= 500;\n    if (!retryable || attempt === 4) {\n      throw new Error(`${file}: ${res.status} ${await res.text()}`);\n    }\n    const wait = Number(res.headers.get('retry-after')) || 2 ** attempt;\n    await sleep(wait * 1000);\n  }\n}\n\nfor (const file of await readdir(dir)) {\n  if (!/\\.(jpe?g|png|webp)$/i.test(file)) continue;\n  const out = `${dir}/${file.replace(/\\.\\w+$/, '')}_transparent_bg.png`;\n  if (existsSync(out) || file.endsWith('_transparent_bg.png')) continue;\n  await writeFile(`${out}.part`, await removeBackground(file));\n  await rename(`${out}.part`, out);\n  console.log('done', file);\n}",
  },
  { type: 'h2', text: 'Errors worth handling differently' },
  {
    type: 'ul',
    items: [
      '400 and 415: the file is not an image the service can read. Retrying will not help; log it and move on.',
      '401: the key is wrong or revoked. Stop the whole run.',
      '402: you are out of credits. Stop, top up, and run the script again — the skip check means nothing is processed twice.',
      '429 and 503: the service is asking you to slow down. Wait for the number of seconds in the Retry-After header, then try the same image again.',
    ],
  },
  {
    type: 'tip',
    title: 'Sequential is often fast enough',
    text: 'Background removal takes seconds per image, so a simple loop processes a thousand photos in roughly an hour. Add concurrency only if you need it, keep it small (two to four requests at once), and let the Retry-After header set the pace.',
  },
  { type: 'h2', text: 'Check before you publish' },
  {
    type: 'p',
    text: 'Automation moves mistakes faster too. Before results reach your shop, generate a contact sheet — a single HTML page with every cutout on a dark and a light background, side by side — and scroll through it. Halos, clipped corners and photos where the model picked the wrong subject stand out immediately in a grid. Flag those for manual treatment and publish the rest.',
  },
  { type: 'h2', text: 'Keeping an eye on credits' },
  {
    type: 'p',
    text: 'Each successfully processed image uses one credit, and failed requests do not. Before a large run, count the photos that still need processing and compare with your balance from the usage endpoint, GET /api/v1/user/usage, which answers with your credits and how many images you have processed. Buying the right credit pack before you start is cheaper than stopping halfway.',
  },
];
