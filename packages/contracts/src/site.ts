// The web app's own texts that the spec does not quote: page titles and
// one-line descriptions (used for headings and <meta>) and the footer. Spec texts stay in
// texts.ts.

export type PageText = { readonly title: string; readonly description: string };

export const pageTexts = {
  home: {
    title: 'Remove image backgrounds in seconds',
    description:
      'Upload a photo and get three results: refined edges, a white background and a transparent PNG. One credit per image.',
  },
  about: { title: 'About', description: 'The story, mission and values behind Cutout.' },
  api: {
    title: 'API',
    description: 'Remove backgrounds from your own code with a REST API and an API key.',
  },
  blog: { title: 'Blog', description: 'Guides, product news and tips for cleaner cutouts.' },
  blogPost: { title: 'Blog', description: 'An article from the Cutout blog.' },
  contact: { title: 'Contact', description: 'Questions, feedback or sales enquiries: talk to us.' },
  pricing: {
    title: 'Pricing',
    description:
      'One-time credit packs, one credit per image. Start free, buy credits when you need them.',
  },
  paymentSuccess: { title: 'Payment Successful', description: 'Your credit purchase.' },
  privacy: { title: 'Privacy Policy', description: 'How Cutout handles your data and images.' },
  terms: { title: 'Terms of Service', description: 'The terms that govern your use of Cutout.' },
  cookies: { title: 'Cookie Policy', description: 'Which cookies Cutout uses and why.' },
  documentation: {
    title: 'Documentation',
    description: 'Get started with Cutout, the API reference and answers to common questions.',
  },
  features: {
    title: 'Features',
    description: 'Fast, precise background removal with refined, white and transparent results.',
  },
  tutorials: {
    title: 'Tutorials',
    description: 'Step-by-step tutorials from your first cutout to API automation.',
  },
  signIn: { title: 'Sign In', description: 'Sign in to your Cutout account.' },
  signUp: { title: 'Sign Up', description: 'Create a Cutout account.' },
  forgotPassword: {
    title: 'Forgot Password',
    description: 'Get a link to reset your Cutout password.',
  },
  resetPassword: { title: 'Reset Password', description: 'Choose a new password.' },
  newsletter: {
    title: 'Newsletter',
    description: 'Confirm your subscription to new Cutout articles, or leave the list.',
  },
  dashboard: { title: 'Dashboard', description: 'Your usage, credits and images.' },
  subscriptions: {
    title: 'Credits & Billing',
    description: 'Your credit balance, purchases and invoices.',
  },
  credits: { title: 'Credits', description: 'Your credit balance and plan.' },
  dashboardSettings: { title: 'Settings', description: 'Your account settings.' },
  dashboardHistory: {
    title: 'History',
    description: 'Images you processed recently: download their results again or delete them.',
  },
  admin: { title: 'Admin Dashboard', description: 'An overview of the platform.' },
  adminSettings: { title: 'Admin Settings', description: 'Account, security and admin setup.' },
  adminDatabase: {
    title: 'Database Management',
    description: 'Database connections, status, queries and tables.',
  },
  adminUsers: { title: 'User Management', description: 'View and manage your platform users' },
  adminPageManagement: {
    title: 'Page Management',
    description: 'Create, edit and publish content pages.',
  },
  adminSubscriptionManagement: {
    title: 'Subscription Management',
    description: 'Purchases and subscriptions across the platform.',
  },
  adminIntegrationSettings: {
    title: 'Integration Settings',
    description: 'Payment provider, e-mail, bot check and public URL.',
  },
  adminPricingManagement: {
    title: 'Pricing Management',
    description: 'The plans and credit packs on sale.',
  },
  adminAuditLog: {
    title: 'Audit Log',
    description: 'Every admin action: who, what, to which account, from where and when.',
  },
} as const satisfies Record<string, PageText>;

export const siteTexts = {
  /** The <title> of every page: "{page} | Cutout". */
  documentTitle: (page: string) => `${page} | Cutout`,
  tagline: 'AI background removal',
  copyright: (year: number) => `© ${year} Cutout. All rights reserved.`,
  legalHeading: 'Legal',
  priceCustom: 'Custom',
  enterpriseCredits: 'Custom volume',
  creditsCount: (n: number) => `${n} credits`,
  skipToContent: 'Skip to content',
  userMenu: 'Account menu',
  mainNavigation: 'Main',
  dashboardNavigation: 'Dashboard',
  footerNavigation: 'Footer',
  adminBadge: 'Admin',
  routerErrorHome: 'Back to home',
} as const;

/** Messages of the HTTP client (spec §7: non-2xx gives 'HTTP {status}: {statusText}'). */
export const httpTexts = {
  httpError: (status: number, statusText: string) => `HTTP ${status}: ${statusText}`,
  timeout: (seconds: number) => `The request timed out after ${seconds} seconds.`,
  network: 'Could not reach the server. Please check your connection and try again.',
} as const;

/** Short labels of the admin header's links. */
export const adminNavTexts = {
  overview: 'Overview',
  users: 'Users',
  pages: 'Pages',
  subscriptions: 'Subscriptions',
  pricing: 'Pricing',
  database: 'Database',
  auditLog: 'Audit Log',
  integrations: 'Integrations',
  settings: 'Settings',
} as const;

/** The home page's editor heading and the before/after illustration's labels. */
export const homeTexts = {
  editorHeading: 'Remove a background',
  illustration: {
    original: 'Original',
    whiteBackground: 'White background',
    transparent: 'Transparent',
  },
} as const;
