// Leaving with one's data (issue 38 item 4, decision 0270): the export, the self-deletion and
// the one statement of what a deletion erases and keeps. The settings page's dialog, the privacy
// policy and the server's erasure test all read `accountDeletionStatement`, so what a customer
// reads and what the code does cannot drift apart.

/** What deleting an account does, in the customer's words (settings dialog, privacy policy). */
export const accountDeletionStatement = {
  erasedNow: [
    'Your images and their results, in your history and in storage.',
    'Your API keys: they stop working at once.',
    'Your sessions: you are signed out on every device.',
    'Your sign-in details (name, e-mail address and password) and your billing details.',
    'Your remaining credits: they are not refunded by deleting the account.',
  ],
  kept: [
    'Invoices and credit notes already issued, exactly as issued: the law requires us to keep them.',
    'Your orders, refund requests, credit history and the audit log, with your name replaced by "Deleted user" and your e-mail address by an address that reaches nobody.',
    'A salted fingerprint of your e-mail address, so that the address can sign up again as a new account but does not receive the free starting credits a second time.',
  ],
} as const;

/** The name and address a deleted account's kept records carry instead of the customer's. */
export const deletedUserName = 'Deleted user';
export const deletedUserEmail = (userId: string): string => `deleted-${userId}@invalid`;

export const leavingTexts = {
  sectionTitle: 'Your data',
  downloadIntro:
    'Download a zip of your profile, orders, invoices, refund requests, credit history, API key names and the images still in your history.',
  download: 'Download my data',
  downloading: 'Preparing your data…',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  deleteIntro: 'Delete your account and everything we do not have to keep.',
  delete: 'Delete my account',
  dialogTitle: 'Delete your account?',
  erasedHeading: 'Deleted at once',
  keptHeading: 'Kept',
  passwordLabel: 'Your password',
  confirm: 'Delete my account for good',
  deleting: 'Deleting…',
  cancel: 'Cancel',
  wrongPassword: 'That password is not correct. Nothing was deleted.',
  deleted: 'Your account was deleted.',
  privacyHeading: 'Leaving Cutout',
  privacyIntro:
    'In Dashboard → Settings you can download all your data as a zip ("Download my data") and delete your account yourself ("Delete my account", confirmed with your password). An admin who deletes an account follows the same rules. When an account is deleted:',
  exportTooOften: 'You downloaded your data a few times in the last hour. Please try again later.',
} as const;

/** The export's file name: cutout-data-YYYY-MM-DD.zip (UTC date of the download). */
export const dataExportName = (now: Date): string =>
  `cutout-data-${now.toISOString().slice(0, 10)}.zip`;
