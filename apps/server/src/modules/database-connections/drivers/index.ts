import type { DatabaseType } from '@cutout/contracts';
import type { DatabaseDriver } from './driver.js';
import { mongodbDriver } from './mongodb.js';
import { mysqlDriver } from './mysql.js';
import { postgresqlDriver } from './postgresql.js';
import { sqliteDriver } from './sqlite.js';
import { sqlserverDriver } from './sqlserver.js';

/** The driver of every kind (MySQL and MariaDB share mysql2). */
export function createDrivers(options: {
  sqliteDir: string;
  /** Files a SQLite connection may never open, whatever they are called (Cutout's database). */
  protectedFiles?: readonly string[];
}): Record<DatabaseType, DatabaseDriver> {
  return {
    postgresql: postgresqlDriver,
    mysql: mysqlDriver,
    sqlite: sqliteDriver(options.sqliteDir, { protectedFiles: options.protectedFiles ?? [] }),
    mongodb: mongodbDriver,
    sqlserver: sqlserverDriver,
  };
}
