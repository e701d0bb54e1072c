// Dashboard copy the spec does not quote (spec texts come from @cutout/contracts).

export const dashboardTexts = {
  /** A brand-new account's first visit: 'Welcome', not 'Welcome back' (issue 26). */
  welcomeFirst: (name: string) => `Welcome, ${name}!`,
  welcomeFirstNoName: 'Welcome!',
  welcome: (name: string) => `Welcome back, ${name}!`,
  welcomeNoName: 'Welcome back!',
  intro: 'Your credits and account at a glance.',
  usage: {
    title: 'Usage',
    label: 'Images processed this month',
    none: 'No images processed this month',
    allTime: (n: number) => (n === 1 ? '1 image processed in all' : `${n} images processed in all`),
    /** The account's monthly free previews (the API's size=preview, decision 0081). */
    freePreviews: (left: number, limit: number) =>
      `${left} of ${limit} free API previews left this month`,
  },
  credits: {
    title: 'Credits',
    available: (n: number) => (n === 1 ? 'credit available' : 'credits available'),
    manage: 'Buy credits',
  },
  memberSince: {
    title: 'Member Since',
    accountType: { personal: 'Personal account', business: 'Business account' },
  },
  proFeature: {
    body: 'Batch processing and the single-image editor need credits. Buy a credit pack to keep removing backgrounds.',
    action: 'View plans',
  },
  tabs: { single: 'Single', batch: 'Batch', label: 'How to process' },
  loadingPanel: 'Loading…',
  ad: {
    label: 'Advertisement',
    title: 'Process up to 50 images at once',
    body: 'Any credit pack unlocks batch processing and the API, and removes this ad.',
  },
  retry: 'Try again',
} as const;

/** /dashboard/settings Profile. */
export const profileTexts = {
  title: 'Profile',
  description: 'Your name and account type.',
  email: 'Email',
  name: 'Full name',
  accountType: 'Account type',
  accountTypes: { personal: 'Personal', business: 'Business' },
  save: 'Save Profile',
  saving: 'Saving...',
  saved: 'Profile updated',
  saveFailed: 'Failed to update profile',
  loadFailed: 'Could not load your profile.',
} as const;
