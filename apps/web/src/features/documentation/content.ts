import {
  apiExampleOutputFile,
  documentationPlanStatement,
  editorTexts,
  publicApiPaths,
  limits,
  retentionStatements,
  policyTexts,
} from '@cutout/contracts';

// The documentation's written content (spec §2 Documentation). The API reference documents the
// real public endpoints (contracts jobs.ts) and the server's one error shape (plugins/errors.ts).
// Code samples carry `{{origin}}`, replaced by this site's address when shown.

const maxUploadMb = Math.round(limits.maxUploadBytes / (1024 * 1024));

export const gettingStartedIntro =
  'Cutout removes the background from a photo and gives you three results: a refined cutout, the subject on a white background and a transparent PNG. This guide takes you from your first image to automating it with the API.';

export type GuideStep = { title: string; body: string };

/** Getting Started, in order. The links each step needs are placed by the tab itself. */
export const gettingStartedSteps = {
  tryEditor: {
    title: 'Try the editor',
    body: 'Open the editor on the home page. Upload an image by dragging it in or clicking to browse, paste an image URL, or pick one of the sample images to see what the results look like.',
  },
  signUp: {
    title: 'Create an account',
    body: 'An account holds your credits, your usage and your API keys. Choose Personal for individual use or Business for teams and commercial work; new accounts start with free credits.',
  },
  process: {
    title: 'Process and download',
    body: 'Each processed image uses one credit. When it is done, download the Refined, White BG or Transparent result — PNG files at the size of your original, named after it.',
  },
  learn: {
    title: 'Learn the details',
    body: 'The tutorials walk through product photos, portraits with hair, batch processing and compositing, with step-by-step instructions.',
  },
} as const satisfies Record<string, GuideStep>;

export const inputFacts: readonly { label: string; value: string }[] = [
  {
    label: 'Input formats',
    value: 'JPEG, PNG, WebP (also AVIF, TIFF and the first frame of a GIF)',
  },
  { label: 'Maximum file size', value: `${maxUploadMb} MB` },
  { label: 'Output', value: 'PNG at the original size, three versions' },
  { label: 'Cost', value: `${limits.creditsPerImage} credit per processed image` },
  { label: 'Batch', value: `Up to ${limits.batchMaxImages} images at once, from the dashboard` },
];

/* ---------------------------------- API reference ---------------------------------- */

export const apiIntro =
  'The REST API processes images from your own code with the same engine as the editor. Every request is authenticated with an API key, and each processed image uses one credit from your account.';

export const authText =
  'Create a key in your dashboard and send it with every request, either as a bearer token or in the X-API-Key header. Keys are stored hashed and shown only once; keep them on your server, never in browser or app code.';

export const authHeaders = `Authorization: Bearer {key}\n# or\nX-API-Key: {key}`;

export type Field = { name: string; type: string; description: string };

export type Endpoint = {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  request: readonly Field[];
  requestNote?: string;
  example: string;
  responseIntro: string;
  response: readonly Field[];
  responseExample: string;
  notes?: readonly string[];
};

export const removeBackgroundEndpoint: Endpoint = {
  id: 'remove-background',
  method: 'POST',
  path: publicApiPaths.removeBackground,
  summary:
    'Removes the background from one image and answers when the result is ready: the image itself, or JSON. One credit per processed image; size=preview is free.',
  request: [
    {
      name: 'image_file',
      type: 'multipart file',
      description: `The image (also accepted as file): JPEG, PNG, WebP, AVIF, TIFF or GIF, at most ${maxUploadMb} MB. Or send image_file_b64 (base64) or image_url instead — exactly one of the three.`,
    },
    {
      name: 'size',
      type: 'string, optional',
      description:
        'auto or full (the default: full resolution, 1 credit); preview (at most 0.25 megapixels, free, 50 a month); medium and hd cap the result at 1.5 and 4 megapixels.',
    },
    {
      name: 'format',
      type: 'string, optional',
      description: 'auto, png, jpg, webp or zip (the colours as JPEG and the mask as PNG).',
    },
    {
      name: 'channels',
      type: 'string, optional',
      description: 'rgba (default) or alpha for the mask alone.',
    },
    {
      name: 'bg_color',
      type: 'string, optional',
      description: 'A colour behind the subject: hex such as 81d4fa or a name such as green.',
    },
    {
      name: 'crop, crop_margin',
      type: 'optional',
      description:
        'crop=true trims the result to the subject, plus crop_margin (such as 30px or 10%).',
    },
    {
      name: 'variant',
      type: 'string, optional',
      description:
        'refined (default), white_bg, transparent_bg, or all (JSON with the three addresses).',
    },
  ],
  requestNote:
    'Send multipart/form-data, JSON or a URL-encoded form. The same call also answers at remove.bg’s own path, /v1.0/removebg, with remove.bg’s fields and answers.',
  example: `curl -X POST "{{origin}}${publicApiPaths.removeBackground}" \\\n  -H "Authorization: Bearer $CUTOUT_API_KEY" \\\n  -H "Accept: application/json" \\\n  -F "image_file=@photo.jpg" -F "variant=all"`,
  responseIntro:
    '200 OK. Without Accept: application/json the body is the image, with the headers X-Credits-Charged, X-Width and X-Height. With it, a JSON body:',
  response: [
    {
      name: 'id',
      type: 'string',
      description: 'The processing job’s id (GET /api/v1/jobs/{id} finds it again).',
    },
    {
      name: 'result_b64',
      type: 'string',
      description: 'The requested image, base64 (absent for variant=all).',
    },
    { name: 'width, height', type: 'integer', description: 'Size of the result, in pixels.' },
    { name: 'credits_charged', type: 'integer', description: '1, or 0 for a preview.' },
    { name: 'credits_remaining', type: 'integer', description: 'Your balance after this image.' },
    {
      name: 'results',
      type: 'object of URLs',
      description:
        'Signed URLs of the three stored PNGs: refined (refined edges, cleaned colours), white_bg and transparent_bg (the model’s mask on the original pixels).',
    },
    {
      name: 'expires_at',
      type: 'string (ISO 8601)',
      description:
        'When the stored results are deleted. The URLs stop working then; download what you need before.',
    },
  ],
  responseExample: `{
  "id": "b3c1f0e2-5d7a-4c1e-9f3b-2a6d8e4f1c07",
  "width": 1200,
  "height": 900,
  "credits_charged": 1,
  "credits_remaining": 41,
  "results": {
    "refined": "{{origin}}/api/jobs/b3c1f0e2-…/results/refined?…",
    "white_bg": "{{origin}}/api/jobs/b3c1f0e2-…/results/white_bg?…",
    "transparent_bg": "{{origin}}/api/jobs/b3c1f0e2-…/results/transparent_bg?…"
  },
  "expires_at": "2025-06-02T09:30:00.000Z"
}`,
  notes: [
    'Every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset; past the limit the answer is 429 with Retry-After.',
    'The result URLs are signed: anyone with the URL can download that result until it expires, so share them with care.',
  ],
};

export const pngExample = `curl -X POST "{{origin}}${publicApiPaths.removeBackground}" \\\n  -H "X-API-Key: $CUTOUT_API_KEY" \\\n  -F "image_file=@photo.jpg" -o ${apiExampleOutputFile}`;

export const usageEndpoint: Endpoint = {
  id: 'usage',
  method: 'GET',
  path: publicApiPaths.usage,
  summary: 'Your current credit balance and how many images you have processed.',
  request: [],
  example: `curl "{{origin}}${publicApiPaths.usage}" \\\n  -H "Authorization: Bearer $CUTOUT_API_KEY"`,
  responseIntro: '200 OK with a JSON body:',
  response: [
    { name: 'credits', type: 'integer', description: 'Credits left on your account.' },
    {
      name: 'images_processed',
      type: 'integer',
      description: 'Images processed since the account was created.',
    },
    {
      name: 'images_processed_this_month',
      type: 'integer',
      description: 'Images processed in the current calendar month.',
    },
  ],
  responseExample: `{
  "credits": 41,
  "images_processed": 59,
  "images_processed_this_month": 12
}`,
};

export const errorIntro =
  'Every error has the same JSON shape. code is stable and meant for your program; message is written for people and may change. Answers with status 500 or above also carry a requestId to quote when you contact support.';

export const errorShape = `{
  "error": {
    "code": "payment_required",
    "message": "${editorTexts.noCredits}"
  }
}`;

export const apiErrors: readonly { status: number; code: string; meaning: string }[] = [
  {
    status: 400,
    code: 'validation_failed',
    meaning: 'The request is malformed: no file field, or an empty file.',
  },
  { status: 401, code: 'unauthorized', meaning: 'The API key is missing, unknown or revoked.' },
  {
    status: 402,
    code: 'payment_required',
    meaning: 'No credits left. Buy a credit pack, then retry.',
  },
  {
    status: 413,
    code: 'payload_too_large',
    meaning: `The file is larger than ${maxUploadMb} MB, or the image has more pixels than the engine accepts.`,
  },
  {
    status: 415,
    code: 'unsupported_media_type',
    meaning: 'The file is not an image format Cutout reads (SVG, PDF, text…).',
  },
  {
    status: 422,
    code: 'unprocessable',
    meaning: 'The file looks like an image but cannot be decoded: truncated or corrupt.',
  },
  {
    status: 429,
    code: 'rate_limited',
    meaning: 'Too many requests. Wait the number of seconds in the Retry-After header.',
  },
  {
    status: 503,
    code: 'service_unavailable',
    meaning: 'The processing queue is full. Wait for Retry-After seconds and try again.',
  },
];

/* --------------------------------------- FAQ --------------------------------------- */

export type FaqEntry = { id: string; question: string; answer: readonly string[] };

/**
 * The documentation FAQ. The spec's retention statement is kept where it puts it (images
 * deleted immediately after processing, spec §1, decision 0060); what a buyer is promised is the
 * one commercial policy (decision 0125).
 */
export const faq: readonly FaqEntry[] = [
  {
    id: 'formats',
    question: 'Which image formats can I upload?',
    answer: [
      `JPEG, PNG and WebP, up to ${maxUploadMb} MB. AVIF, TIFF and the first frame of a GIF work too. SVG is not accepted: it is a drawing, not a photo. The results are always PNG.`,
    ],
  },
  {
    id: 'images',
    question: 'What happens to my images?',
    answer: [
      retentionStatements.documentationFaq,
      'They are used only to produce your results: never sold, shared or used to train models.',
    ],
  },
  {
    id: 'plans',
    question: 'How many images can I process?',
    answer: [
      `${documentationPlanStatement.free}. ${documentationPlanStatement.pro}. ${documentationPlanStatement.enterprise}.`,
      policyTexts.refunds,
    ],
  },
  {
    id: 'credits',
    question: 'How do credits work?',
    answer: [
      'Each processed image uses one credit, whichever of the three results you download. Credits are bought in one-time packs — no subscription — and batch processing is available once you have credits.',
    ],
  },
  {
    id: 'results',
    question: 'What is the difference between the three results?',
    answer: [
      'Transparent applies the AI model’s mask to your original pixels. Refined also snaps the edge to the real edges of the photo and removes the old background’s colour from semi-transparent pixels such as hair. White background is the refined subject on white.',
    ],
  },
  {
    id: 'missing-parts',
    question: 'Why is part of my subject missing?',
    answer: [
      'The model looks for the main foreground subject. Low contrast with the background, several subjects, glass, or structures thinner than the model can see at its 1024×1024 working size can confuse it. A plainer background or a tighter crop usually helps; the Advanced tutorials go into detail.',
    ],
  },
  {
    id: 'commercial',
    question: 'Can I use the results commercially?',
    answer: [
      'Yes. You keep all rights to your images and the results made from them, as long as you had the right to use the original. See the Terms of Service.',
    ],
  },
  {
    id: 'api-key',
    question: 'Where do I get an API key?',
    answer: [
      'Sign in and create one in your dashboard. It is shown only once, so store it somewhere safe; if you lose it, create a new one.',
    ],
  },
];

/* ------------------------------------- Resources ------------------------------------ */

export const resourcesIntro =
  'Everything else that helps you get good results and build on Cutout.';
