import type { ErrorCode } from '@cutout/contracts';

// API documentation copy the spec does not quote. The examples themselves come from
// @cutout/contracts (apiExamples), so the page shows exactly what the server's tests run.

export const apiDocsTexts = {
  getApiKey: 'Get API Key',
  contactSales: 'Contact Sales',
  auth: {
    title: 'Authentication',
    body: 'Create an API key in your dashboard and send it with every request as a bearer token. Keep it secret: anyone with the key can spend your credits.',
    header: 'Authorization: Bearer YOUR_API_KEY',
    credits: 'Each processed image uses one credit, the same credits as the editor.',
  },
  examples: {
    title: 'Examples',
    intro: (file: string, key: string) =>
      `Replace ${key} with your key and run each example in a folder holding ${file}.`,
    tabsLabel: 'Example language',
    rest: 'REST',
    javascript: 'JavaScript',
    python: 'Python',
    restRemove: 'Remove a background (JSON answer)',
    restRemovePng: 'Get the transparent PNG directly',
    restUsage: 'Check your usage',
    javascriptTitle: 'Node.js 20 or newer, no packages needed',
    pythonTitle: 'Python 3 with requests',
  },
  copy: {
    copy: 'Copy',
    copied: 'Copied',
    copiedStatus: 'Copied to clipboard',
    failed: 'Could not copy to the clipboard. Select the text and copy it instead.',
  },
  endpoints: {
    title: 'Endpoints',
    request: 'Request',
    response: 'Response',
    field: 'Field',
    description: 'Description',
    remove: {
      method: 'POST',
      summary: 'Removes the background of one image and answers when the three results are ready.',
      request: [
        ['Authorization', 'Bearer YOUR_API_KEY'],
        ['Content-Type', 'multipart/form-data, with the image in the field file'],
        ['file', 'A JPG, PNG or WebP image of up to 10 MB'],
        ['Accept (optional)', 'image/png: answer with the transparent PNG itself instead of JSON'],
      ],
      response: [
        ['id', 'The job id'],
        ['refined', 'Address of the refined result (PNG)'],
        ['white_bg', 'Address of the result on a white background (PNG)'],
        ['transparent_bg', 'Address of the result with a transparent background (PNG)'],
        ['width, height', 'Size of the results in pixels'],
        ['timings', 'Milliseconds spent per stage, and totalMs'],
        ['credits', 'Your credit balance after this image'],
        ['expiresAt', 'When the stored results are deleted (ISO 8601)'],
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
        'The request is not valid, e.g. the file field is missing. fields names each invalid field.',
      ],
      [401, 'unauthorized', 'The API key is missing, unknown or revoked.'],
      [402, 'payment_required', 'No credits left: buy a credit pack to continue.'],
      [413, 'payload_too_large', 'The file is over 10 MB, or the image has too many pixels.'],
      [415, 'unsupported_media_type', 'The file is not a supported image (JPG, PNG, WebP).'],
      [422, 'unprocessable', 'The image is damaged or incomplete and cannot be read.'],
      [429, 'rate_limited', 'Too many requests: wait for the seconds in the Retry-After header.'],
      [
        503,
        'service_unavailable',
        'Processing is busy: retry after the seconds in the Retry-After header.',
      ],
    ] satisfies [number, ErrorCode, string][],
  },
  cta: {
    title: 'Start building',
    body: 'Create a free account, get your API key from the dashboard and process your first image in minutes.',
  },
} as const;
