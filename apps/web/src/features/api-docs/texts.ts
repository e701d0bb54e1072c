import { ignoredApiFields, type ErrorCode } from '@cutout/contracts';

// API documentation copy the spec does not quote. The examples themselves come from
// @cutout/contracts (apiExamples), so the page shows exactly what the server's tests run.

export const apiDocsTexts = {
  getApiKey: 'Get API Key',
  contactSales: 'Contact Sales',
  auth: {
    title: 'Authentication',
    body: 'Create an API key in your dashboard settings and send it with every request as a bearer token (or in an X-Api-Key header). Keep it secret: anyone with the key can spend your credits.',
    header: 'Authorization: Bearer YOUR_API_KEY',
    credits:
      'Each processed image uses one credit, the same credits as the editor; previews (size=preview, up to 0.25 megapixels) are free, 50 a month.',
  },
  examples: {
    title: 'Examples',
    intro: (file: string, key: string) =>
      `Replace ${key} with your key and run each example in a folder holding ${file}.`,
    tabsLabel: 'Example language',
    rest: 'REST',
    javascript: 'JavaScript',
    python: 'Python',
    restRemove: 'Remove a background (JSON answer with the three results)',
    restRemovePng: 'Get the cut-out PNG directly (the headers are printed)',
    restUsage: 'Check your usage',
    restRemoveBg: 'Already calling remove.bg? Change only the host',
    javascriptTitle: 'Node.js 20+ with @cutout/client',
    pythonTitle: 'Python 3 with requests',
  },
  endpoints: {
    title: 'Endpoints',
    request: 'Request',
    response: 'Response',
    field: 'Field',
    description: 'Description',
    remove: {
      method: 'POST',
      summary:
        'Removes the background of one image and answers with the image itself, or JSON with Accept: application/json. Multipart, JSON or URL-encoded; an empty field means its default.',
      request: [
        ['Authorization', 'Bearer YOUR_API_KEY (or X-Api-Key: YOUR_API_KEY)'],
        ['image_file', 'The image as a file (also: file), up to 10 MB'],
        [
          'image_file_b64, image_url',
          'Or the image as base64, or an address to fetch: exactly one source',
        ],
        ['size', 'auto | full (1 credit) · preview (≤ 0.25 MP, free) · medium | hd'],
        ['format', 'auto | png | jpg | webp | zip (color.jpg + alpha.png)'],
        ['channels', 'rgba | alpha (the mask only)'],
        ['bg_color', 'Hex such as 81d4fa, with alpha as 81d4fa80, or a colour name such as green'],
        [
          'bg_image_file, bg_image_url, bg_blur',
          'Or a background image (a file part, or an address fetched like image_url), or bg_blur=true for the photo’s own background blurred: one background per request',
        ],
        ['bg_image_fit', 'cover (default, like remove.bg) | contain'],
        [
          'add_shadow, shadow_opacity',
          'true for a soft drop shadow under the subject; opacity 0–100',
        ],
        [
          'scale, position',
          'Subject size 10%–100% or original; position center, original or x% y%',
        ],
        ['roi', 'x1 y1 x2 y2 in px or %: only this region can be subject'],
        [
          'crop, crop_margin',
          'true to trim to the subject; margins as in CSS: 1, 2 or 4 values, each px or %',
        ],
        ['type_level', 'none leaves out X-Type; 1, 2, latest answer other (no classifier)'],
        ['variant', 'refined (default) | white_bg | transparent_bg | all (JSON only)'],
      ],
      response: [
        [
          '(body)',
          'The image; or with Accept: application/json: id, result_b64, type, width, height, credits_charged, credits_remaining, results (three signed PNG addresses), expires_at',
        ],
        ['X-Credits-Charged', '1, or 0 for a preview; a failed call costs nothing'],
        ['X-Width, X-Height', 'Size of the answer image in pixels'],
        ['X-RateLimit-*', 'Limit, Remaining and Reset (Unix seconds); Retry-After on 429'],
        [
          'X-Ignored-Parameters',
          'remove.bg fields Cutout accepted but cannot honour: type (no subject kinds), semitransparency (car windows only at remove.bg), shadow_type car or 3D (drawn as a drop shadow)',
        ],
      ],
    },
    usage: {
      method: 'GET',
      summary: 'Your credit balance and how many images you have processed.',
      response: [
        ['credits', 'Credits left'],
        ['images_processed', 'Images processed since the account was created'],
        ['images_processed_this_month', 'Images processed this calendar month'],
      ],
    },
  },
  errors: {
    title: 'Errors',
    intro:
      'Every failure answers with the same JSON body. The message is written for people; branch on the code. 5xx answers also carry a requestId to quote when you contact support.',
    status: 'Status',
    code: 'Code',
    meaning: 'Meaning',
    body: `{
  "error": {
    "code": "payment_required",
    "message": "No credits available. Please purchase credits to process images."
  }
}`,
    rows: [
      [
        400,
        'validation_failed',
        'The request is not valid: no image or two, or an unknown value (the message names the field and the allowed values).',
      ],
      [
        401,
        'unauthorized',
        'The API key is missing, unknown or revoked. The API reads no session cookie: send the key.',
      ],
      [402, 'payment_required', 'No credits left: buy a credit pack to continue.'],
      [413, 'payload_too_large', 'The file is over 10 MB, or the image has too many pixels.'],
      [415, 'unsupported_media_type', 'The file is not a supported image (JPG, PNG, WebP).'],
      [422, 'unprocessable', 'The image is damaged or incomplete and cannot be read.'],
      [
        429,
        'rate_limited',
        'Over the per-account limit (all your keys together): wait for the seconds in the Retry-After header (see X-RateLimit-*).',
      ],
      [
        503,
        'service_unavailable',
        'Processing is busy: retry after the seconds in the Retry-After header.',
      ],
    ] satisfies [number, ErrorCode, string][],
  },
  more: {
    title: 'More endpoints',
    removeBg:
      'POST /v1.0/removebg and GET /v1.0/account answer like remove.bg’s (its fields, result_b64, X-Type, and errors as { errors: [{ title, code, detail }] }), so code written for remove.bg works by changing only the host.',
    account: 'GET /api/v1/account: balance, plan, images this month and free previews left.',
    jobs: 'GET /api/v1/jobs and /api/v1/jobs/{id}: your jobs, newest first, with signed result addresses — recover a result after a dropped connection.',
    reference: 'Full reference (OpenAPI)',
  },
  removeBg: {
    title: 'Coming from remove.bg',
    intro:
      'On /v1.0, Cutout follows remove.bg’s published OpenAPI: a call without size is a preview, files up to 12 MB are accepted, a key it does not know gets 403, and a file too large, not an image or unreadable gets 400 with file_too_large, invalid_file_type or failed_to_read_image. What still differs:',
    differences: [
      'A request without any key gets 401 (remove.bg: 403); a signed-in browser’s cookie is never accepted in place of a key.',
      'Previews cost nothing (remove.bg: a quarter credit), 50 a month per account.',
      'size=auto is always the full image for one credit; it never falls back to a preview when credits run short.',
      'Full size is the original resolution up to 50 megapixels and 12,000 pixels a side, in every format (remove.bg caps PNG at 10 megapixels).',
      'X-Type is always other: Cutout’s model finds the subject without classifying it, so type and type_level do not change the cut-out.',
      'A bad field other than the image source gets code invalid_parameters (remove.bg names the field, as in invalid_size); the detail says which field and its allowed values.',
      `Fields Cutout cannot honour are accepted and named in the X-Ignored-Parameters header: ${ignoredApiFields.join(', ')}.`,
      'The rate limit is API_RATE_LIMIT_PER_MINUTE calls a minute per account (100 by default), not remove.bg’s megapixel-based limit.',
      'remove.bg’s Improvement Program (POST /v1.0/improve) is not offered.',
    ],
  },
  cta: {
    title: 'Start building',
    body: 'Create a free account, get your API key from the dashboard and process your first image in minutes.',
  },
} as const;
