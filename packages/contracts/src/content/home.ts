// Texts of the public content pages (spec §2). What the spec quotes is verbatim; long prose lives
// beside each page in apps/web/src/features/<area>. Zod-free: these pages load no schemas.

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
