// The editor frame's copy: the only editor strings in the home page's first load
// (components/editor-frame.tsx). Everything else is in texts.ts, which arrives with the editor's
// own chunk. Spec texts come from `editorTexts` in @cutout/contracts.

/** What the prerendered frame shows before the editor's code arrives (and the editor too). */
export const frameTexts = {
  dropTitle: 'Drag and drop an image here, or click to choose one',
  dropHint: 'JPG, PNG or WEBP, up to 10MB',
  noticeTerms: 'By uploading an image or URL you agree to our',
  terms: 'Terms of Service',
  and: 'and',
  privacy: 'Privacy Policy',
  botCheck: 'This site is protected by Cloudflare Turnstile, a bot-check service.',
  continueHint: 'See the editor and its three results before you choose an image.',
  loading: 'Loading the editor…',
} as const;
