// Texts of the public content pages (spec §2). What the spec quotes is verbatim; long prose lives
// beside each page in apps/web/src/features/<area>. Zod-free: these pages load no schemas.

/** Legal pages (spec §2 Legal pages): 'Last updated', a fixed date for cookies, a toast. */
export const legalTexts = {
  lastUpdated: 'Last updated',
  /** Cookies shows a fixed date (spec §2). */
  cookiesLastUpdated: 'May 1, 2023',
  contactLink: 'contact page',
  contactHeading: 'Contact us',
  contactBefore: 'Questions about this page or your data? Write to us through our',
  contactAfter: 'and we will get back to you.',
  /** Opening toasts: brief (spec §9, 2–5 s). */
  toastMs: 3000,
  toasts: {
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    cookies: 'Cookie Policy',
  },
  toastDescription: 'Please read it carefully. Questions are welcome on our contact page.',
  contentsLabel: 'On this page',
} as const;

/** "May 1, 2023" style, en-US long date (spec §2 Legal pages, §9 en-US format). */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
