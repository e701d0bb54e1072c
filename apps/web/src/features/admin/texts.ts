// Admin settings copy the spec does not quote (spec texts come from @cutout/contracts).

export const adminSettingsTexts = {
  intro: 'Your admin account, its password and the admin setup.',
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
