// Admin database connections (spec §2 Database management and the connection dialog; §3 Database
// connection, status, query result, table; §4; §5 Database config and Query; §8 Database; §9
// Database defaults). Zod-free: the types, the defaults, the texts and the one validation of a
// connection's settings, used by the dialog before it sends and by the server before it stores.

/**
 * The server module's endpoints. Kept here rather than in paths.ts, which every page loads
 * first: only the admin's database screen needs them (first-load budget, decision 0022).
 */
export const databaseConnectionsApiPaths = {
  connections: '/api/admin/database/connections',
  connection: (id: string) => `/api/admin/database/connections/${encodeURIComponent(id)}`,
  copy: (id: string) => `/api/admin/database/connections/${encodeURIComponent(id)}/copy`,
  test: (id: string) => `/api/admin/database/connections/${encodeURIComponent(id)}/test`,
  connect: (id: string) => `/api/admin/database/connections/${encodeURIComponent(id)}/connect`,
  disconnect: '/api/admin/database/disconnect',
  status: '/api/admin/database/status',
  query: '/api/admin/database/query',
  tables: '/api/admin/database/tables',
} as const;

export const databaseTypes = ['mysql', 'postgresql', 'sqlite', 'mongodb', 'sqlserver'] as const;
export type DatabaseType = (typeof databaseTypes)[number];

/** The dialog's type menu (spec §2: MySQL, PostgreSQL, SQLite, MongoDB, SQL Server). */
export const databaseTypeLabels: Record<DatabaseType, string> = {
  mysql: 'MySQL',
  postgresql: 'PostgreSQL',
  sqlite: 'SQLite',
  mongodb: 'MongoDB',
  sqlserver: 'SQL Server',
};

export function isDatabaseType(value: unknown): value is DatabaseType {
  return typeof value === 'string' && (databaseTypes as readonly string[]).includes(value);
}

/** Spec §9 Database defaults. */
export const databaseDefaults = {
  port: { mysql: 3306, postgresql: 5432, mongodb: 27017, sqlserver: 1433, sqlite: 0 },
  connectionLimit: { mysql: 10, postgresql: 10, mongodb: 10, sqlserver: 10, sqlite: 1 },
  timeoutMs: { mysql: 60000, postgresql: 60000, sqlserver: 60000, sqlite: 30000, mongodb: 30000 },
  charset: {
    mysql: 'utf8mb4',
    postgresql: 'utf8',
    mongodb: 'utf8',
    sqlserver: 'utf8',
    sqlite: 'utf8',
  },
  timezone: 'UTC',
  /** Spec §9: the dialog's port placeholder. */
  portPlaceholder: 3306,
} as const satisfies {
  port: Record<DatabaseType, number>;
  connectionLimit: Record<DatabaseType, number>;
  timeoutMs: Record<DatabaseType, number>;
  charset: Record<DatabaseType, string>;
  timezone: string;
  portPlaceholder: number;
};

/** Upper bounds Cutout adds to §5's "> 0" (a pool of thousands, an hour-long query). */
export const databaseLimits = {
  /** Rows a query returns at most; more set `truncated: 'rows'` (decision 0096). */
  maxRows: 1000,
  /**
   * Bytes of JSON a query returns at most; more set `truncated: 'bytes'` (decision 0131), so a
   * table of large values cannot fill the server's memory.
   */
  maxResultBytes: 4 * 1024 * 1024,
  /** A single text or binary value is shortened to this many bytes (marked, and 'bytes'). */
  maxCellBytes: 64 * 1024,
  maxConnectionLimit: 100,
  maxTimeoutMs: 600_000,
  maxQueryLength: 100_000,
  nameMax: 100,
  fieldMax: 255,
  passwordMax: 1024,
} as const;

/** Which dialog fields a type uses (spec §2 Connection dialog; decision 0097 for MongoDB). */
export function databaseFieldsFor(type: DatabaseType): {
  hostAndPort: boolean;
  credentials: boolean;
  credentialsOptional: boolean;
  ssl: boolean;
} {
  return {
    hostAndPort: type !== 'sqlite',
    credentials: type !== 'sqlite',
    // The spec hides them for MongoDB; a real MongoDB usually needs them, so they are optional.
    credentialsOptional: type === 'mongodb',
    ssl: type === 'postgresql' || type === 'sqlserver',
  };
}

/** Every text the spec quotes for database management, verbatim (§2, §5, §8). */
export const databaseTexts = {
  noStatus: 'No active database connection. Please connect to a database to view status.',
  noQuery: 'Please connect to a database to use the query editor.',
  noTables: 'Please connect to a database to view tables.',
  notConnected: 'Not connected to database',
  connectionFailed: 'Connection failed',
  configurationValidationFailed: (errors: readonly string[]) =>
    `Configuration validation failed: ${errors.join(', ')}`,
  configurationError: (errors: readonly string[]) => `Configuration error: ${errors.join(', ')}`,
  connectionTestFailed: 'Connection test failed',
  queryExecutionFailed: 'Query execution failed',
  backupFailed: 'Backup failed',
  restoreFailed: 'Restore failed',
  unsupportedType: 'Unsupported database type',
  connectionSaved: 'Connection saved successfully',
  connectionUpdated: 'Connection updated successfully',
  connectionDuplicated: 'Connection duplicated',
  queryExecuted: 'Query executed successfully',
  nameRequired: 'Connection name is required',
  enterQuery: 'Please enter a query',
  copyName: (name: string) => `${name} (Copy)`,
} as const;

/** Cutout's own words for the rules §5 states without a message. */
export const databaseConfigTexts = {
  typeRequired: 'Database type is required',
  hostRequired: 'Host is required',
  portRequired: 'Port must be greater than 0',
  portMax: 'Port must be at most 65535',
  databaseRequired: 'Database name is required',
  usernameRequired: 'Username is required',
  connectionLimit: 'Connection limit must be greater than 0',
  connectionLimitMax: `Connection limit must be at most ${databaseLimits.maxConnectionLimit}`,
  timeout: 'Timeout must be greater than 0',
  timeoutMax: `Timeout must be at most ${databaseLimits.maxTimeoutMs} ms`,
  numeric: (field: string) => `${field} must be a whole number`,
  sqliteFile: 'Database must be a file name inside the SQLite connections directory',
  charset: 'Charset may contain only letters, digits, - and _',
  timezone: 'Timezone must be UTC, an offset like +02:00, or a name like Europe/Paris',
  tooLong: (field: string) => `${field} is too long`,
  queryTooLong: `The query is longer than ${databaseLimits.maxQueryLength} characters`,
  connectionNotFound: 'Connection not found',
  connectionDeleted: 'Connection deleted',
  /** Read-only connections (decision 0131). */
  readOnly:
    'This connection is read-only, so the statement was not run: it would change the database. An admin can turn on "Allow writes" for the connection.',
  confirmWrite: 'This statement changes the database. Run it?',
  /**
   * What reaches the server's files, programs, network or other sessions is refused before it
   * runs: always on a read-only connection, and on one that allows writes unless "Allow server
   * files and programs" is on (decision 0266). `what` names it (`pg_read_file`, `COPY … TO PROGRAM`).
   */
  outsideDatabase: (what: string, readOnly: boolean) =>
    `Refused before running: ${what} reaches outside the database (the server's files, programs, network or other sessions). ` +
    (readOnly
      ? 'A read-only connection never runs it.'
      : 'An admin can turn on "Allow server files and programs" for the connection.'),
  /** A statement the parser cannot classify, or dynamic SQL it cannot see into (decision 0266). */
  uncheckedStatement: (why: string, readOnly: boolean) =>
    `Refused before running: Cutout could not check that this statement stays inside the database (${why}). ` +
    (readOnly
      ? 'A read-only connection runs only statements it can check.'
      : 'An admin can turn on "Allow server files and programs" for the connection.'),
  /** One value (or row) larger than the console reads from the wire (decision 0266). */
  valueTooLarge: (bytes: number) =>
    `The result holds a value larger than the ${Math.round(bytes / 1048576)} MB the console reads for one statement, so it was stopped. Select a part of it (for example left(value, 1000)).`,
  /** A DO block on a read-only connection (decision 0266). */
  doBlockReadOnly:
    'Refused before running: a DO block cannot be proven to stay inside the database, so a read-only connection does not run one.',
  /**
   * The Test's warning when the stored user holds rights that reach the server's files or
   * programs (decision 0266); `rights` are named as the engine names them.
   */
  powerfulRole: (username: string, rights: readonly string[]) =>
    `User "${username}" has ${rights.join(', ')}: it can reach the server's files or programs. Use a read-only role without these rights for the console.`,
  sqliteOtherFile:
    'A SQLite connection cannot open or write another file: ATTACH, DETACH and VACUUM INTO are refused.',
  sqliteGlobalPragma: 'This PRAGMA changes the whole server and is refused.',
  mongoReadOnly: (command: string) =>
    `This connection is read-only: "${command}" is not a read command, so it was not run. An admin can turn on "Allow writes" for the connection.`,
  /** The destination changed on an edit that kept the stored password (decision 0134). */
  reenterPassword:
    'Enter the password again: a saved password is only ever sent to the type, host, port, database and SSL setting it was saved for.',
  /** A stored password that no longer opens for the connection's destination. */
  passwordForAnotherDestination:
    'The saved password belongs to another host, port, type or database. Edit the connection and enter the password again.',
} as const;

/** A connection's settings as the dialog sends them; blanks take the §9 defaults. */
export interface DatabaseConfigInput {
  type: string;
  host?: string | undefined;
  port?: number | null | undefined;
  database?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  ssl?: boolean | undefined;
  /** Off unless given: the console runs only statements that do not write. */
  allowWrites?: boolean | undefined;
  /** Off unless given; only with allowWrites (decision 0266). */
  allowServerAccess?: boolean | undefined;
  connectionLimit?: number | null | undefined;
  timeout?: number | null | undefined;
  charset?: string | undefined;
  timezone?: string | undefined;
}

/** The settings with the defaults applied, as stored (the password apart). */
export interface DatabaseConfig {
  type: DatabaseType;
  host: string;
  port: number;
  database: string;
  username: string;
  ssl: boolean;
  /** The console may change this database (statements that write ask first); off by default. */
  allowWrites: boolean;
  /**
   * Statements may reach the server's files, programs and network (COPY … PROGRAM,
   * pg_read_file, LOAD DATA, …); off by default, and never on a read-only connection (0266).
   */
  allowServerAccess: boolean;
  connectionLimit: number;
  timeout: number;
  charset: string;
  timezone: string;
}

const CHARSET = /^[A-Za-z0-9_-]{1,32}$/;
const TIMEZONE = /^(?:UTC|Z|[+-](?:0\d|1[0-4]):[0-5]\d|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;
const blank = (v: string | undefined) => v === undefined || v.trim() === '';
const missingNumber = (v: number | null | undefined) =>
  v === undefined || v === null || Number.isNaN(v);

/**
 * Spec §5 Database config: the list of problems (empty when valid) and, when valid, the
 * settings with §9's defaults for blank fields (decision 0097). The name is checked apart.
 */
export function validateDatabaseConfig(
  input: DatabaseConfigInput,
): { ok: true; config: DatabaseConfig } | { ok: false; errors: string[]; unsupported: boolean } {
  const t = databaseConfigTexts;
  if (blank(input.type)) return { ok: false, errors: [t.typeRequired], unsupported: false };
  if (!isDatabaseType(input.type)) {
    return { ok: false, errors: [databaseTexts.unsupportedType], unsupported: true };
  }
  const type = input.type;
  const fields = databaseFieldsFor(type);
  const errors: string[] = [];
  const host = (input.host ?? '').trim();
  const database = (input.database ?? '').trim();
  const username = (input.username ?? '').trim();
  const charset = (input.charset ?? '').trim() || databaseDefaults.charset[type];
  const timezone = (input.timezone ?? '').trim() || databaseDefaults.timezone;

  let port: number = databaseDefaults.port[type];
  if (fields.hostAndPort) {
    if (host === '') errors.push(t.hostRequired);
    else if (host.length > databaseLimits.fieldMax) errors.push(t.tooLong('Host'));
    if (missingNumber(input.port)) errors.push(t.portRequired);
    else if (!Number.isInteger(input.port)) errors.push(t.numeric('Port'));
    else if ((input.port as number) <= 0) errors.push(t.portRequired);
    else if ((input.port as number) > 65535) errors.push(t.portMax);
    else port = input.port as number;
  }
  if (database === '') errors.push(t.databaseRequired);
  else if (database.length > databaseLimits.fieldMax) errors.push(t.tooLong('Database name'));
  else if (type === 'sqlite' && !isPlainFileName(database)) errors.push(t.sqliteFile);
  if (fields.credentials && !fields.credentialsOptional && username === '') {
    errors.push(t.usernameRequired);
  } else if (username.length > databaseLimits.fieldMax) errors.push(t.tooLong('Username'));
  if ((input.password ?? '').length > databaseLimits.passwordMax)
    errors.push(t.tooLong('Password'));

  let connectionLimit: number = databaseDefaults.connectionLimit[type];
  if (!missingNumber(input.connectionLimit)) {
    const v = input.connectionLimit as number;
    if (!Number.isInteger(v)) errors.push(t.numeric('Connection limit'));
    else if (v <= 0) errors.push(t.connectionLimit);
    else if (v > databaseLimits.maxConnectionLimit) errors.push(t.connectionLimitMax);
    else connectionLimit = v;
  }
  let timeout: number = databaseDefaults.timeoutMs[type];
  if (!missingNumber(input.timeout)) {
    const v = input.timeout as number;
    if (!Number.isInteger(v)) errors.push(t.numeric('Timeout'));
    else if (v <= 0) errors.push(t.timeout);
    else if (v > databaseLimits.maxTimeoutMs) errors.push(t.timeoutMax);
    else timeout = v;
  }
  if (!CHARSET.test(charset)) errors.push(t.charset);
  if (!TIMEZONE.test(timezone)) errors.push(t.timezone);

  if (errors.length > 0) return { ok: false, errors, unsupported: false };
  return {
    ok: true,
    config: {
      type,
      host: fields.hostAndPort ? host : '',
      port: fields.hostAndPort ? port : databaseDefaults.port[type],
      database,
      username: fields.credentials ? username : '',
      ssl: fields.ssl ? input.ssl === true : false,
      allowWrites: input.allowWrites === true,
      allowServerAccess: input.allowWrites === true && input.allowServerAccess === true,
      // SQLite runs on one connection (its worker thread), whatever is asked.
      connectionLimit: type === 'sqlite' ? 1 : connectionLimit,
      timeout,
      charset,
      timezone,
    },
  };
}

/**
 * Where a connection's password is sent: its type, host, port, database and whether TLS
 * protects it. A stored password is sealed for this and opens for nothing else (decision 0134).
 */
export function databaseDestination(
  config: Pick<DatabaseConfig, 'type' | 'host' | 'port' | 'database' | 'ssl'>,
): string {
  return JSON.stringify([
    config.type,
    config.host.trim().toLowerCase(),
    config.port,
    config.database.trim(),
    config.ssl,
  ]);
}

/** A file name with no directory part (SQLite connections name a file in their directory). */
export function isPlainFileName(name: string): boolean {
  return (
    name !== '.' &&
    name !== '..' &&
    !/[/\\\0]/.test(name) &&
    !name.startsWith('-') &&
    !/^[A-Za-z]:/.test(name)
  );
}

export interface DatabaseConnectionView {
  id: string;
  name: string;
  isActive: boolean;
  createdAt: string;
  lastUsed: string | null;
  config: DatabaseConfig & {
    /** '••••' when a password is stored, '' when none is: never a character of it. */
    password: string;
    hasPassword: boolean;
  };
}

export interface DatabaseTestResult {
  success: boolean;
  /** Round-trip time of the test's ping, ms with 2 decimals; null when it failed. */
  roundTripMs: number | null;
  message: string;
  /**
   * Rights of the stored user that reach the server's files or programs (superuser,
   * pg_execute_server_program, FILE, …), as the engine names them; empty when none (0266).
   */
  powerfulRights: string[];
}

export interface DatabaseStatus {
  isConnected: boolean;
  connectionId: string | null;
  connectionName: string | null;
  connectionInfo: { type: DatabaseType; host: string; port: number; database: string } | null;
  stats: {
    activeConnections: number;
    totalQueries: number;
    /** Mean of every round trip Cutout made on the connection, ms, 2 decimals. */
    averageResponseTime: number;
  };
  /** Why an active connection could not be reached (it stays selected). */
  error: string | null;
}

/** Why a result holds less than the statement returned: too many rows, or too many bytes. */
export type DatabaseTruncation = false | 'rows' | 'bytes';

export interface DatabaseQueryResult {
  success: boolean;
  error: string | null;
  data: unknown[];
  /** The result's column names, in order (the grid's headers). */
  columns: string[];
  executionTime: number;
  /** Rows a write changed; null for a read (spec §2 "rows affected" shows for writes only). */
  rowsAffected: number | null;
  /** Rows in `data`. */
  rowCount: number;
  /** Whether the statement read or wrote; null when it did not run. */
  kind: 'read' | 'write' | null;
  truncated: DatabaseTruncation;
  /**
   * The connection allows writes and this statement writes: it was not run, and runs when sent
   * again with `confirmWrite: true` (decision 0131).
   */
  confirmationRequired: boolean;
}

export interface DatabaseTableColumn {
  name: string;
  type: string;
  nullable: boolean;
  isPrimaryKey: boolean;
  isForeignKey: boolean;
  /** "table.column" the foreign key points at. */
  references: string | null;
  defaultValue: string | null;
}

export interface DatabaseTable {
  name: string;
  schema: string | null;
  type: 'table' | 'view' | 'collection';
  rowCount: number | null;
  /** true when rowCount is the engine's estimate (PostgreSQL, MySQL, SQL Server, MongoDB). */
  rowCountEstimated: boolean;
  /** Bytes, or null when the engine does not say. */
  size: number | null;
  columns: DatabaseTableColumn[];
}

/** "1.5 MB" for a size in bytes. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}
