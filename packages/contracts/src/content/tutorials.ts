// Texts of the public content pages (spec §2). What the spec quotes is verbatim; long prose lives
// beside each page in apps/web/src/features/<area>. Zod-free: these pages load no schemas.

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
