// Texts of the public content pages (spec §2). What the spec quotes is verbatim; long prose lives
// beside each page in apps/web/src/features/<area>. Zod-free: these pages load no schemas.

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
