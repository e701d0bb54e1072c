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
  columns: { name: 'Archive', date: 'Date', size: 'Size', checksum: 'SHA-256' },
  scheduleOff: 'Scheduled backups are off (set BACKUP_INTERVAL_HOURS, e.g. 24 for daily).',
  schedule: (hours: number, keep: number) =>
    `A backup every ${hours} hours; the newest ${keep} are kept.`,
} as const;

/**
 * What the privacy page says about backups: how long they are kept and what happens to deleted
 * data in them. The number is the operator's setting (BACKUP_KEEP archives of BACKUP_INTERVAL_HOURS).
 */
export const backupPrivacyText = (days: number) =>
  `We back up our database and the images still kept, to restore the service after a failure. A backup is kept for at most ${days} days and then deleted; data you delete, or that expires, leaves the backups when they are deleted.`;
