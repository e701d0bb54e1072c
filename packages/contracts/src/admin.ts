// The admin back-office, part one (spec §2 Admin, User Management; §3 admin user fields; §4 user
// status; §5 new user and subscription edit; §8 Users; §9 toasts). Zod-free: constants and the
// spec's texts; the schemas are in schemas/admin.ts, the endpoints in paths.ts.

/** The admin list's plans (spec §3: free|pro|enterprise), see docs/decisions/0086. */
export const adminPlans = ['free', 'pro', 'enterprise'] as const;
export type AdminPlan = (typeof adminPlans)[number];

/** Spec §3: active|inactive. Inactive is better-auth's ban: no sign-in, no session, no API key. */
export const userStatuses = ['active', 'inactive'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const adminUsersPageSize = 20;

/** Every text of User Management the spec quotes (spec §2, §5, §8), verbatim. */
export const adminUserTexts = {
  title: 'User Management',
  entryToastTitle: 'User Management',
  entryToastDescription: 'View and manage your platform users',
  addUser: 'Add User',
  searchPlaceholder: 'Search users...',
  plan: 'Plan',
  status: 'Status',
  resetFilters: 'Reset Filters',
  allUsers: (count: number) => `All Users (${count})`,
  columns: {
    name: 'Name',
    status: 'Status',
    plan: 'Plan',
    imageLimit: 'Image Limit',
    imagesProcessed: 'Images Processed',
    joined: 'Joined',
    actions: 'Actions',
  },
  editSubscription: 'Edit Subscription',
  resetUsage: 'Reset Usage',
  activate: 'Activate',
  deactivate: 'Deactivate',
  deleteUser: 'Delete User',
  confirmDelete: (name: string) =>
    `Are you sure you want to delete ${name}? This action cannot be undone.`,
  empty: 'No users found matching your filters.',
  addNewUser: 'Add New User',
  fullName: 'Full Name*',
  emailAddress: 'Email Address*',
  subscriptionPlan: 'Subscription Plan',
  accountStatus: 'Account Status',
  // §8 Users
  loadFailed: 'Failed to load users',
  loadError: 'An error occurred while loading users',
  createFailed: 'Failed to create user',
  unexpected: 'An unexpected error occurred',
  toggleFailed: (action: 'activate' | 'deactivate') => `Failed to ${action} user`,
  deleteFailed: 'Failed to delete user',
  resetFailed: 'Failed to reset usage',
  updateFailed: 'Failed to update subscription',
  actionError: 'An error occurred while performing the action',
  resetError: 'An error occurred while resetting usage',
  updateError: 'An error occurred while updating subscription',
  created: (name: string) => `User ${name} created successfully`,
  deleted: 'User deleted successfully',
  usageReset: 'Usage has been reset',
  subscriptionUpdated: (name: string) => `Subscription updated for ${name}`,
} as const;

/** Rules the spec states without quoting a text (§5 subscription edit; the admin rules of §6). */
export const adminRuleTexts = {
  imageLimitMin: 'Image limit cannot be negative',
  adjustWhole: 'Enter a whole number of credits, positive to add or negative to remove',
  adjustNotZero: 'Enter an amount other than 0',
  adjustReason: 'Say why the credits change (kept in the ledger and the audit log)',
  imagesProcessedMin: 'Images processed cannot be negative',
  wholeNumber: 'Enter a whole number',
  limitBelowProcessed: 'Image limit cannot be less than the images processed',
  notYourself: {
    deactivate: 'You cannot deactivate your own account.',
    delete: 'You cannot delete your own account here.',
    demote: 'You cannot remove your own admin role.',
  },
  lastAdmin: 'There must always be one active admin account. Make another user admin first.',
  deactivated: 'This account has been deactivated. Please contact support.',
  reasonTooLong: 'The reason must be at most 500 characters',
} as const;

/**
 * Every audit log action the server writes: the server takes its action names from here only
 * (no '_' or '%': the viewer filters by prefix).
 */
export const auditActions = {
  userCreate: 'user.create',
  userUpdate: 'user.edit-subscription',
  userResetUsage: 'user.reset-usage',
  userActivate: 'user.activate',
  userDeactivate: 'user.deactivate',
  userDelete: 'user.delete',
  userRole: 'user.role',
  userCredits: 'user.credits',
  adminSignIn: 'admin.sign-in',
  adminPreferences: 'admin.preferences',
  orderRefund: 'order.refund',
  orderNote: 'order.note',
  orderCredit: 'order.credit',
  refundApprove: 'order.refund-approve',
  refundDecline: 'order.refund-decline',
  businessDetails: 'business.update',
  planUpdate: 'plan.update',
  adminCredentials: 'admin.set-credentials',
  usersClear: 'user.clear-all',
  integrationsUpdate: 'integrations.update',
  integrationsTestEmail: 'integrations.test-email',
  accountLockout: 'account.lockout',
  pageCreate: 'page.create',
  pageUpdate: 'page.update',
  pageDelete: 'page.delete',
  databaseConnectionCreate: 'database.connection.create',
  databaseConnectionUpdate: 'database.connection.update',
  databaseConnectionCopy: 'database.connection.copy',
  databaseConnectionDelete: 'database.connection.delete',
  databaseConnect: 'database.connect',
  databaseDisconnect: 'database.disconnect',
  databaseQuery: 'database.query',
  databaseBackup: 'database.backup',
  databaseRestore: 'database.restore',
} as const;
export type AuditAction = (typeof auditActions)[keyof typeof auditActions];
