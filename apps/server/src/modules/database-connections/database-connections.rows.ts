import {
  databaseDestination,
  databaseTexts,
  validateDatabaseConfig,
  type DatabaseConfig,
  type DatabaseConfigInput,
  type DatabaseConnectionView,
  type DatabaseType,
} from '@cutout/contracts';
import { SECRET_MASK } from '../../db/secret-box.js';
import { AppError } from '../../errors.js';
import type { ConnectionRow } from './database-connections.repository.js';

// A stored connection's row and what it means: the input checks before a row is written, the
// columns of a checked config, the destination its password is sealed for, and the admin's view.

export function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new AppError(400, 'validation_failed', databaseTexts.nameRequired);
  return trimmed;
}

export function checkConfig(input: DatabaseConfigInput): DatabaseConfig {
  const result = validateDatabaseConfig(input);
  if (result.ok) return result.config;
  if (result.unsupported)
    throw new AppError(400, 'validation_failed', databaseTexts.unsupportedType);
  throw new AppError(
    400,
    'validation_failed',
    databaseTexts.configurationValidationFailed(result.errors),
  );
}

export function columnsOf(config: DatabaseConfig) {
  return {
    type: config.type,
    host: config.host,
    port: config.port,
    database_name: config.database,
    username: config.username,
    ssl: config.ssl ? 1 : 0,
    allow_writes: config.allowWrites ? 1 : 0,
    allow_server_access: config.allowServerAccess ? 1 : 0,
    connection_limit: config.connectionLimit,
    timeout_ms: config.timeout,
    charset: config.charset,
    timezone: config.timezone,
  };
}

export function rowDestination(row: ConnectionRow): string {
  return databaseDestination({
    type: row.type as DatabaseType,
    host: row.host,
    port: row.port,
    database: row.database_name,
    ssl: row.ssl === 1,
  });
}

/** Where a connection points, in words: the file, or host:port/database. */
export function describe(row: ConnectionRow): string {
  return row.type === 'sqlite' ? row.database_name : `${row.host}:${row.port}/${row.database_name}`;
}

/** The connection as the admin sees it. */
export function toView(row: ConnectionRow): DatabaseConnectionView {
  // Not one character of the password: only that there is one.
  const password = row.password_sealed ? SECRET_MASK : '';
  return {
    id: row.id,
    name: row.name,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    lastUsed: row.last_used_at,
    config: {
      type: row.type as DatabaseType,
      host: row.host,
      port: row.port,
      database: row.database_name,
      username: row.username,
      password,
      hasPassword: row.password_sealed !== null,
      ssl: row.ssl === 1,
      allowWrites: row.allow_writes === 1,
      allowServerAccess: row.allow_writes === 1 && row.allow_server_access === 1,
      connectionLimit: row.connection_limit,
      timeout: row.timeout_ms,
      charset: row.charset,
      timezone: row.timezone,
    },
  };
}
