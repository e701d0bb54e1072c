// Backup and Restore of the admin's active database connection (spec §7 lists them among the
// database service's operations, §8 quotes 'Backup failed' and 'Restore failed'; issue 38 item 2,
// decision 0269). Zod-free: the paths, the limits and Cutout's own words; the spec's two texts
// stay in `databaseTexts`.

export const databaseBackupApiPaths = {
  backup: '/api/admin/database/backup',
  restore: '/api/admin/database/restore',
} as const;

export const databaseBackupLimits = {
  /** The largest dump a restore accepts (the multipart file part). */
  maxRestoreBytes: 512 * 1024 * 1024,
  /** A dump or a restore taking longer is stopped: its process is killed (SIGKILL). */
  timeoutMs: 10 * 60_000,
  /** The multipart field carrying the typed confirmation (the database's name). */
  confirmationField: 'confirmation',
  fileField: 'file',
} as const;

/** The file each kind of database backs up to, and restores from. */
export const databaseBackupFormats = {
  sqlite: {
    extension: 'sqlite',
    contentType: 'application/vnd.sqlite3',
    label: 'SQLite database file',
  },
  postgresql: {
    extension: 'dump',
    contentType: 'application/octet-stream',
    label: 'pg_dump custom-format archive',
  },
  mysql: {
    extension: 'sql',
    contentType: 'application/sql',
    label: 'mariadb-dump/mysqldump SQL file',
  },
} as const;
export type BackupDatabaseType = keyof typeof databaseBackupFormats;

/** Cutout's words (the spec quotes only 'Backup failed' and 'Restore failed'). */
export const databaseBackupTexts = {
  notSupported: (type: string) =>
    `Backup and restore are not supported for ${type} connections: only SQLite, PostgreSQL and MySQL/MariaDB.`,
  toolMissing: (tools: string, pkg: string) =>
    `${tools} is not installed on the server. Install Debian's ${pkg} package.`,
  toolTooOld: (tool: string, toolVersion: string, server: string) =>
    `${tool} ${toolVersion} is older than the database server (${server}) and cannot dump it. Install a newer ${tool}.`,
  toolNoSandbox: (tool: string) =>
    `${tool} on the server has no --sandbox option, so a dump cannot be loaded safely. Install a newer MariaDB client.`,
  timedOut: (minutes: number) => `It took longer than ${minutes} minutes and was stopped.`,
  readOnly:
    'This connection is read-only. Turn on "Allow writes" for the connection to restore into it.',
  confirmationMismatch: (database: string) =>
    `Type the database name "${database}" exactly to confirm the restore.`,
  fileRequired: 'Choose a backup file to restore.',
  fileTooLarge: (mb: number) => `The backup file is larger than ${mb} MB.`,
  wrongKind: (expected: string) => `This file is not a ${expected}, so nothing was restored.`,
  sqliteCorrupt:
    'The SQLite file is damaged (its integrity check failed), so nothing was restored.',
  mysqlForeignStatement:
    'The SQL file switches or creates databases (USE, CREATE/DROP DATABASE), so nothing was restored: restore a dump of one database, made without --databases.',
  restored: (database: string) => `Restored ${database} from the backup.`,
} as const;
