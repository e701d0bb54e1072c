// Backups of Cutout's own data (issue 38 item 1, decision 0268): the admin's calls and the texts
// the admin's page and the privacy page show. Zod-free; the schemas are in schemas/backups.ts.

export const backupsApiPaths = {
  list: '/api/admin/backups',
  backup: (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`,
} as const;

export const backupTexts = {
  tab: 'Backups',
  title: 'Backups',
  intro:
    "One archive of Cutout's own data: every table read in one snapshot, the images still kept, and a manifest with a checksum of each part. Restore one with npm run restore (docs/backups.md).",
  backUpNow: 'Back up now',
  running: 'Backing up…',
  started: 'Backup started.',
  alreadyRunning: 'A backup is already running.',
  done: 'Backup written.',
  failed: 'Backup failed',
  empty: 'No backups yet.',
  download: 'Download',
  delete: 'Delete',
  deleted: 'Backup deleted.',
  notFound: 'No backup has that name.',
  confirmDelete: 'Delete this backup? It cannot be brought back.',
  cancel: 'Cancel',
  deleting: 'Deleting…',
  progress: (done: number, total: number) => `Backing up… ${done} of ${total} parts`,
  lastFailed: (error: string) => `The last backup failed: ${error}`,
  columns: { name: 'Archive', date: 'Date', size: 'Size', checksum: 'SHA-256' },
  scheduleOff: 'Scheduled backups are off (set BACKUP_INTERVAL_HOURS, e.g. 24 for daily).',
  schedule: (hours: number, keep: number) =>
    `A backup every ${hours} hours; the newest ${keep} are kept.`,
} as const;

/**
 * How long an archive is kept at most: the runner deletes older ones whatever BACKUP_KEEP says,
 * so the privacy page can state it (one truth, decision 0268).
 */
export const backupRetentionDays = 14;

/** What the privacy page says about backups: how long they are kept and what leaves them. */
export const backupPrivacyText = `Backups: we back up our database and the images still kept, to restore the service after a failure. Each backup is deleted after at most ${backupRetentionDays} days; data deleted from Cutout, or deleted when its time is up, leaves the backups when they are deleted.`;
