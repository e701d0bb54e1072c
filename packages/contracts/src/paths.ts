// Every URL of the web app, in one place (spec §2). The server uses it too: e-mailed links,
// checkout return targets, and the list of pages prerendered to HTML.

export const paths = {
  home: '/',
  editor: '/#editor',
  about: '/about',
  api: '/api',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  contact: '/contact',
  pricing: '/pricing',
  paymentSuccess: '/payment-success',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  documentation: '/documentation',
  features: '/features',
  tutorials: '/tutorials',
  signIn: '/signin',
  signUp: '/signup',
  /** Some of the spec's links point here; it redirects to /signup. */
  signUpAlias: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',

  dashboard: '/dashboard',
  subscriptions: '/subscriptions',
  credits: '/credits',
  dashboardSubscriptions: '/dashboard/subscriptions',
  dashboardCredits: '/dashboard/credits',
  dashboardSettings: '/dashboard/settings',

  admin: '/admin',
  adminSettings: '/admin/settings',
  adminDatabase: '/admin/database',
  adminUsers: '/admin/users',
  adminPageManagement: '/admin/page-management',
  adminUserManagement: '/admin/user-management',
  adminSubscriptionManagement: '/admin/subscription-management',
  adminIntegrationSettings: '/admin/integration-settings',
  adminPricingManagement: '/admin/pricing-management',
  adminDatabaseManagement: '/admin/database-management',
} as const;

/** Pages that need a signed-in user (spec §2, §6). */
export const signedInPaths = [
  paths.dashboard,
  paths.subscriptions,
  paths.credits,
  paths.dashboardSubscriptions,
  paths.dashboardCredits,
  paths.dashboardSettings,
] as const;

/** Pages only an admin may see (spec §2, §6). */
export const adminPaths = [
  paths.admin,
  paths.adminSettings,
  paths.adminDatabase,
  paths.adminUsers,
  paths.adminPageManagement,
  paths.adminUserManagement,
  paths.adminSubscriptionManagement,
  paths.adminIntegrationSettings,
  paths.adminPricingManagement,
  paths.adminDatabaseManagement,
] as const;
