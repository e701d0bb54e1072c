import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../db/secret-box.js';
import { DatabaseBackups } from './database-connections.backup.js';
import { databaseBackupRoutes } from './database-connections.backup.routes.js';
import { databaseConnectionsRoutes } from './database-connections.routes.js';
import { DatabaseConnections } from './database-connections.service.js';
import { createDrivers } from './drivers/index.js';

// The admin's database connections: their drivers, closed with the app.

export async function registerDatabaseConnections(
  app: FastifyInstance,
  deps: {
    db: Db;
    secretBox: SecretBox;
    config: Config['databaseConnections'];
    /** The app's own database: an SQLite file no connection may open. */
    database: Config['database'];
  },
): Promise<void> {
  const protectedFiles = deps.database.dialect === 'sqlite' ? [deps.database.file] : [];
  const connections = new DatabaseConnections({
    db: deps.db,
    secretBox: deps.secretBox,
    drivers: createDrivers({ sqliteDir: deps.config.sqliteDir, protectedFiles }),
    log: app.log,
  });
  app.addHook('onClose', () => connections.close());
  // Passwords stored before decision 0134 are bound to the destination their row names now.
  const bound = await connections.bindLegacySecrets();
  if (bound > 0) app.log.info({ bound }, 'stored database passwords bound to their destination');
  await app.register(databaseConnectionsRoutes, { connections });
  // Backup and Restore of the active connection (decision 0269).
  const backups = new DatabaseBackups({
    db: deps.db,
    connections,
    sqliteDir: deps.config.sqliteDir,
    protectedFiles,
    log: app.log,
  });
  await app.register(databaseBackupRoutes, { backups });
}
