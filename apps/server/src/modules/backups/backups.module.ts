import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import { migrationState } from '../../db/migrations/index.js';
import type { AdminAlerts } from '../admin/admin.module.js';
import type { ObjectStore } from '../storage/object-store.js';
import { openObjectStore } from '../storage/open-store.js';
import { backupsRoutes } from './backups.routes.js';
import { createBackupRunner, type BackupRunner } from './backups.runner.js';
import { backupNow, pruneBackups } from './backups.service.js';

// Backups of Cutout's own data (issue 38 items 1 and 3, decision 0268): the runner ('Back up
// now', the schedule, health), the admin's routes, and the backup taken at start before
// migrations change a database that has data.

export { createBackupRunner, type BackupRunner };

/**
 * At start, before the migrations: when some are pending on a database that has had any, back
 * it up first and say where. A failure stops the start with the database untouched.
 */
export async function backupBeforeMigrations(deps: {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): Promise<string | undefined> {
  const { config, database, log } = deps;
  if (!config.backups.beforeMigrations) return undefined;
  const { applied, pending } = await migrationState(database.db, database.dialect);
  if (applied.length === 0 || pending.length === 0) return undefined;
  const { store, close } = openObjectStore(config.jobs);
  try {
    const result = await backupNow({ config, database: database.config, store });
    await pruneBackups(config.backups.dir, config.backups.keep);
    log.info(
      { archive: result.file, pending },
      `backed up before migrating (${pending.length} pending): ${result.file}`,
    );
    return result.file;
  } catch (error) {
    throw new Error(
      `Could not back up the database before migrating it (${(error as Error).message}); nothing was changed. Fix the cause, or set BACKUP_BEFORE_MIGRATIONS=false to migrate without a backup.`,
      { cause: error },
    );
  } finally {
    close();
  }
}

export async function registerBackups(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: DatabaseHandle;
    store: ObjectStore;
    alerts: AdminAlerts;
  },
): Promise<BackupRunner> {
  const runner = createBackupRunner({
    config: deps.config,
    database: deps.database.config,
    store: deps.store,
    log: app.log,
    onFailure: (error) => deps.alerts.notify('backup_failed', { error }),
  });
  app.addHook('onClose', () => runner.close());
  await app.register(backupsRoutes, {
    runner,
    dir: deps.config.backups.dir,
    intervalMs: deps.config.backups.intervalMs,
    keep: deps.config.backups.keep,
  });
  return runner;
}
