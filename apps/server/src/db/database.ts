import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-data.js';
import type { Database, Dialect } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** What it was opened from: a backup opens a connection of its own to the same database. */
  config: DatabaseConfig;
  /** A round trip to the database, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// pg parses timestamptz into Date; we keep ISO strings on both dialects (see schema.ts).
const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const toIso = (value: string) => new Date(value).toISOString();

export interface DatabaseOptions {
  /**
   * Told when PostgreSQL drops a connection the pool holds idle (a restart, a failover, an
   * administrator's pg_terminate_backend). The pool discards that connection and the next query
   * opens a new one; without a listener, pg would raise the error and end the process.
   */
  onIdleError?: (error: Error) => void;
}

export function openDatabase(
  config: DatabaseConfig,
  { onIdleError }: DatabaseOptions = {},
): DatabaseHandle {
  if (config.dialect === 'sqlite') {
    makePrivateDir(path.dirname(config.file));
    // Created 0600 before SQLite opens it: SQLite gives its WAL and shared-memory files the
    // database file's mode, so they are private too (decision 0136).
    closeSync(openSync(config.file, 'a', PRIVATE_FILE_MODE));
    const sqlite = new SQLite(config.file);
    // WAL lets readers proceed while a writer commits; busy_timeout rides out short write locks.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return {
      db,
      dialect: 'sqlite',
      config,
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }

  const pool = new pg.Pool({ ...postgresClientConfig(config), max: 10 });
  pool.on('error', (error) => onIdleError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    config,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/**
 * How every PostgreSQL connection of Cutout's is opened: timestamps read back as ISO strings, and
 * the configured schema first on the search path. The pool uses it, and so does a backup's own
 * connection (modules/backups), so both read the same values.
 */
export function postgresClientConfig(
  config: Extract<DatabaseConfig, { dialect: 'postgres' }>,
): pg.ClientConfig {
  // pg types its own parsers as `any`; ours only hands them back to pg, which calls them.
  const types: pg.CustomTypesConfig = {
    getTypeParser: (oid: number, format?: 'text' | 'binary'): unknown =>
      oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID
        ? toIso
        : pg.types.getTypeParser(oid, format ?? 'text'),
  };
  return {
    connectionString: config.url,
    types,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  };
}
