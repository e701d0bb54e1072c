// Business constants and limits (spec §9). Where the spec gives two readings, both are kept
// and docs/decisions says which one the behaviour follows.

export const limits = {
  /** Max upload: 10 MB (spec §5, §9). */
  maxUploadBytes: 10_485_760,
  creditsPerImage: 1,
  batchMaxImages: 50,
  newUserCredits: 10,
  lowCreditsWarning: 5,
  lowCreditsNotice: 20,
  creditsBarMax: 100,
  resetTokenLifetimeMs: 60 * 60 * 1000,
  /** How long the sign-up mail's confirmation link works (decision 0265). */
  verifyEmailTokenLifetimeMs: 24 * 60 * 60 * 1000,
  purchasesPageSize: 20,
  pageListSize: 10,
  contact: {
    name: { min: 2, max: 100 },
    subject: { min: 5, max: 200 },
    message: { min: 10, max: 2000 },
  },
  /** One rule for every new password: sign-up, reset, change, admin setup (issue 26). */
  password: { min: 8 },
  nameMin: 2,
  errorTrackerEntries: 100,
  mobileBreakpointPx: 768,
  headerScrollThresholdPx: 10,
  defaultPageAuthor: 'Admin',
  /** Placeholder free allowance shown on the dashboard (spec §1, §9: "3 of 10"). */
  freeImagesPerMonthPlaceholder: { used: 3, limit: 10 },
} as const;

/** HTTP client rules (spec §7, §9). */
export const httpClient = {
  timeoutMs: 30_000,
  retries: 3,
  retryBaseDelayMs: 1000,
  retryFactor: 2,
  retryMaxDelayMs: 30_000,
} as const;

/** TanStack Query cache lifetimes: fresh for 5 minutes, kept for 10 (spec §9). */
export const queryCache = {
  staleTimeMs: 5 * 60 * 1000,
  gcTimeMs: 10 * 60 * 1000,
} as const;

/** sonner toasts (spec §9). */
export const toastConfig = {
  position: 'bottom-right',
  adminPosition: 'top-right',
  /**
   * On a phone (sonner's own breakpoint, 600 px) toasts sit at the top, just below the sticky
   * header, so they never cover the editor or a form's buttons at the bottom of the screen
   * (issue 26) nor the header's own controls (decision 0250).
   */
  phonePosition: 'top-center',
  phoneMaxWidthPx: 600,
  durationMs: 4000,
  visibleToasts: 3,
  widthPx: 356,
  gapPx: 14,
  hotkey: ['altKey', 'KeyT'],
  entryToastMs: 3000,
  infoToastMs: 3000,
} as const;

/** Theme choice (spec §2 Theme). */
export const themeStorageKey = 'theme';
export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export const defaultTheme: Theme = 'system';
