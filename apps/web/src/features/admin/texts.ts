// Admin settings copy the spec does not quote (spec texts come from @cutout/contracts).

export const adminSettingsTexts = {
  intro: 'Your admin account, its password and the admin setup.',
  integrationsLink: 'Integration settings',
  integrationsLinkDescription:
    'Payment provider, e-mail (SMTP), bot check and public URL: keys and addresses of the outside services.',
  integrations: {
    general: 'Where Cutout is reached from outside.',
    payments:
      'Who sells credit packs. The check button calls the provider with the saved settings.',
    smtp: 'How Cutout sends e-mail. The test button uses the saved settings: save first.',
    turnstile: "The editor's bot check runs when both keys are set.",
    providerSandbox: 'Sandbox (built in, test mode)',
    providerNone: 'None (nothing on sale)',
    keepSecret: 'Saved: leave blank to keep it',
    enterSecret: 'Not set',
    willClear: 'Cleared when you save',
    undoClear: 'Keep',
    transportSmtp: 'Mail goes out through the SMTP server above.',
    transportOutbox:
      "No SMTP host is set: mail is written to the outbox table of Cutout's database and not delivered.",
    loading: 'Loading integration settings…',
    loadFailed: 'Could not load the integration settings.',
    saveFailed: 'Could not save the integration settings',
    saving: 'Saving…',
    checkFailed: 'The check could not be run.',
  },
  tabs: { account: 'Account', security: 'Security', adminSetup: 'Admin Setup' },
  account: {
    title: 'Account',
    description: 'The account you are signed in with.',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    memberSince: 'Member since',
    loadFailed: 'Could not load your account.',
  },
  setup: {
    credentialsTitle: 'Admin credentials',
    credentialsDescription:
      'Set the e-mail and password you sign in with as admin. Your other sessions are signed out.',
    currentAdmin: 'Current admin',
    passwordNotShown: 'Passwords are stored as hashes and are never shown.',
    email: 'Admin email',
    password: 'New admin password',
    submit: 'Save Credentials',
    submitting: 'Saving...',
    clearTitle: 'Clear all users',
    clearDescription:
      'Delete every account except the admins, with their sessions and credit history.',
    clearButton: 'Clear All Users',
    confirmTitle: 'Delete all users?',
    confirmDescription:
      'Every account except the admin accounts is deleted, with its sessions and credit history. This cannot be undone.',
    confirm: 'Yes, delete all users',
    clearing: 'Deleting...',
    cancel: 'Cancel',
    cleared: (n: number) => (n === 1 ? 'Deleted 1 user' : `Deleted ${n} users`),
    clearFailed: 'Failed to clear users',
    saveFailed: 'Failed to update admin credentials',
  },
} as const;

/** User Management copy the spec does not quote (its quoted texts: adminUserTexts). */
export const adminUsersUiTexts = {
  allPlans: 'All plans',
  allStatuses: 'All statuses',
  plans: { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' },
  statuses: { active: 'Active', inactive: 'Inactive' },
  searchLabel: 'Search users by name or email',
  actionsFor: (name: string) => `Actions for ${name}`,
  admin: 'Admin',
  planSetByAdmin: 'Set by an admin',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  cancel: 'Cancel',
  save: 'Save Changes',
  saving: 'Saving...',
  create: 'Create User',
  creating: 'Creating...',
  delete: 'Delete',
  deleting: 'Deleting...',
  addDescription:
    'The account is created with the plan and status you choose; a link to set a password is e-mailed to them.',
  editDescription:
    'Image Limit is the credits left plus the images processed in the period: a new limit changes the credits, recorded as an admin adjustment.',
  nameLabel: 'Name',
  imageLimit: 'Image Limit',
  processedCount: 'Images Processed',
  reason: 'Reason (kept in the credit history and audit log)',
  loading: 'Loading users...',
  credits: (n: number) => `${n} credits left`,
} as const;

/** Overview copy (spec §2 Admin: figures, activity log, the two toggles). */
export const adminOverviewTexts = {
  users: 'Users',
  newThisWeek: (n: number) => `${n} new in the last 7 days`,
  imagesToday: 'Images processed today',
  images7: 'Last 7 days',
  images30: 'Last 30 days',
  creditsSold: 'Credits sold (30 days)',
  revenue: 'Revenue (30 days)',
  noSales: 'No sales yet',
  revenueNotRecorded: 'Not recorded yet: revenue comes from orders once payments are connected.',
  jobsFailed: 'Jobs failed',
  failedDetail: (today: number, month: number) => `${today} today, ${month} in 30 days`,
  queue: 'Queue',
  queueDetail: (running: number, workers: number, waiting: number, capacity: number) =>
    `${running} of ${workers} workers busy, ${waiting} of ${capacity} waiting`,
  engine: 'Engine',
  health: { ok: 'Healthy', degraded: 'Degraded', down: 'Down', not_configured: 'Not configured' },
  activity: 'Recent activity',
  noActivity: 'No admin activity recorded yet.',
  viewAuditLog: 'View audit log',
  settings: 'Alerts',
  notifications: 'Notifications',
  notificationsDescription: 'E-mail me on each purchase, refund and failed payment webhook.',
  securityAlerts: 'Security alerts',
  securityAlertsDescription:
    'E-mail me when an admin signs in from a new address and when an account is locked out.',
  prefsFailed: 'Failed to save the setting',
  prefsSaved: 'Setting saved',
  loadFailed: 'Failed to load the overview',
  updated: (time: string) => `Updated ${time}`,
} as const;

/** Audit log viewer copy. */
export const auditLogTexts = {
  action: 'Action',
  actionPlaceholder: 'e.g. user. or user.delete',
  actor: 'Admin email',
  target: 'Target id',
  when: 'When',
  who: 'Admin',
  what: 'Action',
  targetColumn: 'Target',
  details: 'Details',
  allFacts: 'All facts',
  address: 'Address',
  system: 'System',
  empty: 'No entries match these filters.',
  reset: 'Reset Filters',
  older: 'Older entries',
  newest: 'Newest',
  loadFailed: 'Failed to load the audit log',
} as const;
