// Texts of the public content pages (spec §1, §2 Home, Features, About, Tutorials, Documentation,
// Legal pages; §9). What the spec quotes is verbatim here; the long written content lives beside
// each page in apps/web/src/features/<area>/content.ts. Zod-free: these pages load no schemas.
//
// Where the spec contradicts itself (image retention, monthly plans against credits), each
// statement is kept where the spec puts it; docs/decisions/0060-public-content-conflicts.md says
// what the product actually does.

/** Home (spec §2 Home): the Why section, the comparison and the welcome toast (§9, 3 s). */
export const homeMarketingTexts = {
  whyHeading: 'Why Cutout',
  whyIntro:
    'Background removal should take seconds, not an afternoon with the pen tool. Cutout is built around three ideas.',
  why: {
    fast: 'Fast',
    simple: 'Simple',
    privacy: 'Privacy',
  },
  comparisonHeading: 'Manual editing, Cutout or another AI tool?',
  comparisonIntro:
    'Every approach has its place. Here is an honest look at what each one asks of you and what you get back.',
  comparison: {
    manual: 'Manual editing',
    cutout: "Cutout's AI",
    otherAi: 'Other AI tools',
  },
  welcomeTitle: 'Welcome to Cutout',
  welcomeDescription: 'Drop an image into the editor below to remove its background.',
} as const;

/** Features (spec §2 Features): six cards, an AI segmentation section, 'Try for Free' to /. */
export const featuresTexts = {
  cards: {
    lightningFast: 'Lightning Fast',
    simpleIntuitive: 'Simple & Intuitive',
    privacyFirst: 'Privacy First',
    precisionEditing: 'Precision Editing',
    batchProcessing: 'Batch Processing',
    multipleExportOptions: 'Multiple Export Options',
  },
  cardsHeading: 'Everything you need for clean cutouts',
  segmentationHeading: 'AI segmentation, step by step',
  tryForFree: 'Try for Free',
  ctaHeading: 'See it on your own image',
} as const;

/** About (spec §2 About): story, mission, founded 2023, 5 countries, three values, contact. */
export const aboutTexts = {
  storyHeading: 'Our story',
  missionHeading: 'Our mission',
  valuesHeading: 'Our values',
  foundedLabel: 'Founded',
  foundedYear: 2023,
  teamLabel: 'Remote team',
  teamCountries: 5,
  teamValue: (countries: number) => `${countries} countries`,
  values: {
    userCentered: 'User-Centered',
    innovation: 'Innovation',
    inclusivity: 'Inclusivity',
  },
  contactHeading: 'Say hello',
  contactLink: 'Contact us',
} as const;

export const tutorialLevels = ['beginner', 'intermediate', 'advanced', 'api'] as const;
export type TutorialLevel = (typeof tutorialLevels)[number];

/** Tutorials (spec §2 Tutorials): four tabs, cards with duration 4–25 minutes and a level. */
export const tutorialsTexts = {
  tabs: {
    beginner: 'Beginner',
    intermediate: 'Intermediate',
    advanced: 'Advanced',
    api: 'API Tutorials',
  } satisfies Record<TutorialLevel, string>,
  tabsLabel: 'Tutorial levels',
  startTutorial: 'Start Tutorial',
  duration: (minutes: number) => `${minutes} min`,
  durationLong: (minutes: number) => `${minutes} minutes`,
  minMinutes: 4,
  maxMinutes: 25,
  levelLabel: 'Level',
  stepsHeading: 'Steps',
  close: 'Close',
  moreHelpHeading: 'Looking for reference material?',
  documentationLink: 'Read the documentation',
} as const;

/** Documentation (spec §2 Documentation): four tabs, links, 'Contact Support' to /contact. */
export const documentationTexts = {
  tabs: {
    gettingStarted: 'Getting Started',
    apiReference: 'API Reference',
    faq: 'FAQ',
    resources: 'Resources',
  },
  tabsLabel: 'Documentation sections',
  contactSupport: 'Contact Support',
} as const;

/**
 * The spec's retention statements (spec §1). Each stays where the spec puts it: the privacy
 * page says 24 hours, the documentation FAQ says immediately. The "processed locally" claim has
 * no page of its own in the spec and is not shown (decision 0060).
 */
export const retentionStatements = {
  localNeverStored: 'Images are processed locally and never stored.',
  privacyPolicy: 'Images are stored temporarily and deleted after 24 hours.',
  documentationFaq: 'Images are deleted immediately after processing.',
} as const;

/** The documentation FAQ's plan statement (spec §9), which conflicts with the credit model. */
export const documentationPlanStatement = {
  free: 'Free: 5 images per month',
  pro: 'Pro: 100 images per month',
  enterprise: 'Enterprise: unlimited',
} as const;

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
