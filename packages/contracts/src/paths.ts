import type { JobVariant } from './jobs.js';

// Every URL in one place: the web app's pages (spec §2) and the server's endpoints. The server
// uses the pages too (e-mailed links, checkout return targets, the pages prerendered to HTML) and
// registers its routes at the endpoints; the web client calls them. No zod here: the first load
// of every page imports this module (docs/decisions/0022, 0064).

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
  /** The newsletter's e-mailed links: ?confirm=<token> or ?unsubscribe=<token>. */
  newsletter: '/newsletter',

  dashboard: '/dashboard',
  subscriptions: '/subscriptions',
  credits: '/credits',
  dashboardSubscriptions: '/dashboard/subscriptions',
  dashboardCredits: '/dashboard/credits',
  dashboardSettings: '/dashboard/settings',
  dashboardHistory: '/dashboard/history',

  admin: '/admin',
  adminSettings: '/admin/settings',
  adminDatabase: '/admin/database',
  adminUsers: '/admin/users',
  adminPageManagement: '/admin/page-management',
  /** The pages CMS's own address; /admin/page-management shows the same screen. */
  adminPages: '/admin/pages',
  adminUserManagement: '/admin/user-management',
  /** The admin's purchases (orders and their credit lots); the spec's next path shows the same. */
  adminSubscriptions: '/admin/subscriptions',
  adminSubscriptionManagement: '/admin/subscription-management',
  adminIntegrationSettings: '/admin/integration-settings',
  adminPricingManagement: '/admin/pricing-management',
  adminDatabaseManagement: '/admin/database-management',
  adminAuditLog: '/admin/audit-log',
} as const;

/** Pages that need a signed-in user (spec §2, §6). */
export const signedInPaths = [
  paths.dashboard,
  paths.subscriptions,
  paths.credits,
  paths.dashboardSubscriptions,
  paths.dashboardCredits,
  paths.dashboardSettings,
  paths.dashboardHistory,
] as const;

/** Pages only an admin may see (spec §2, §6). */
export const adminPaths = [
  paths.admin,
  paths.adminSettings,
  paths.adminDatabase,
  paths.adminUsers,
  paths.adminPageManagement,
  paths.adminPages,
  paths.adminUserManagement,
  paths.adminSubscriptions,
  paths.adminSubscriptionManagement,
  paths.adminIntegrationSettings,
  paths.adminPricingManagement,
  paths.adminDatabaseManagement,
  paths.adminAuditLog,
] as const;

// The server's endpoints, one object per server module (apps/server/src/modules/*).

/** accounts (auth, the signed-in user, admin setup) and users. */
export const accountsApiPaths = {
  signUp: '/api/auth/sign-up',
  signIn: '/api/auth/sign-in',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/session',
  forgotPassword: '/api/auth/forgot-password',
  validateResetToken: '/api/auth/reset-password/validate',
  resetPassword: '/api/auth/reset-password',
  changePassword: '/api/auth/change-password',
  /** The link in the sign-up mail: confirms the address, then redirects to the dashboard. */
  verifyEmail: '/api/auth/verify-email',
  /** Mails the signed-in user a new confirmation link (throttled). */
  resendVerification: '/api/auth/verify-email/resend',
  me: '/api/me',
  /** The signed-in user's credits and images processed (the dashboard's figures). */
  usage: '/api/me/usage',
  creditHistory: '/api/me/credits/history',
  /** The signed-in user's data as a zip (decision 0270). */
  exportData: '/api/me/export',
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  userCredits: (id: string) => `/users/${encodeURIComponent(id)}/credits`,
  adminSetup: '/api/admin/setup',
  adminCredentials: '/api/admin/setup/credentials',
  adminClearUsers: '/api/admin/users/clear',
  adminUserRole: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/role`,
  adminUser: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
} as const;

/** admin (overview, user management, audit log): spec §7 Admin calls under the API prefix. */
export const adminApiPaths = {
  overview: '/api/admin/overview',
  preferences: '/api/admin/preferences',
  users: '/api/admin/users',
  userStats: '/api/admin/users/stats',
  user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
  userCredits: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/credits`,
  resetUsage: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/reset-usage`,
  auditLog: '/api/admin/audit-log',
} as const;

/** jobs: background removal, in the editor and through the public API. */
export const jobsApiPaths = {
  create: '/api/jobs',
  job: (id: string) => `/api/jobs/${encodeURIComponent(id)}`,
  events: (id: string) => `/api/jobs/${encodeURIComponent(id)}/events`,
  result: (id: string, variant: JobVariant) =>
    `/api/jobs/${encodeURIComponent(id)}/results/${variant}`,
  original: (id: string) => `/api/jobs/${encodeURIComponent(id)}/original`,
  /** POST a touched-up mask (a new result version); DELETE goes back to the model's results. */
  mask: (id: string) => `/api/jobs/${encodeURIComponent(id)}/mask`,
  editorConfig: '/api/editor/config',
  removeBackground: '/remove-background/',
  /** A small WebP of the transparent result, for the history list. */
  thumbnail: (id: string) => `/api/jobs/${encodeURIComponent(id)}/thumbnail`,
  history: '/api/me/history',
  historyItem: (id: string) => `/api/me/history/${encodeURIComponent(id)}`,
} as const;

// The public API's and the API keys' endpoints (publicApiPaths, apiKeysApiPaths) are in
// public-api.ts: only the /api, documentation, tutorials and settings pages use them, so they stay
// out of every page's first load (docs/decisions/0022, 0064).

/** samples: the editor's four sample images. */
export const samplesApiPaths = {
  list: '/api/samples',
  image: (id: string) => `/api/samples/${encodeURIComponent(id)}/image`,
  thumbnail: (id: string) => `/api/samples/${encodeURIComponent(id)}/thumbnail`,
} as const;

/** contact: POST a contact message. */
export const contactApiPath = '/api/contact';

/** newsletter: POST an address; confirm it, or take it off the list, with its mailed token. */
export const newsletterApiPath = '/api/newsletter';
export const newsletterConfirmApiPath = '/api/newsletter/confirm';
export const newsletterUnsubscribeApiPath = '/api/newsletter/unsubscribe';

/** error-reports: POST what went wrong in the browser. */
export const errorReportsApiPath = '/api/errors';
