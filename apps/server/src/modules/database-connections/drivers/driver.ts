import type { DatabaseConfig, DatabaseTable, DatabaseType } from '@cutout/contracts';

// One interface for every kind of database (one file per kind beside this one). A driver opens
// a pool for a connection's settings; the service keeps at most one open at a time (spec §4).

export interface DriverSettings extends DatabaseConfig {
  password: string;
}

export interface QueryOptions {
  /** Rows returned at most; one more is read to know whether there were more. */
  maxRows: number;
  /** The statement timeout, ms. */
  timeoutMs: number;
}

export interface QueryOutcome {
  rows: unknown[];
  /** Rows changed by a write, or rows returned by a read (at most maxRows). */
  rowsAffected: number;
  truncated: boolean;
}

export interface DriverPool {
  /** One round trip ("select 1" or the engine's ping). */
  ping(): Promise<void>;
  /** Runs one statement; reads never hold more than maxRows + 1 rows in memory. */
  query(statement: string, options: QueryOptions): Promise<QueryOutcome>;
  /** Tables and views from the engine's catalogue. */
  tables(): Promise<DatabaseTable[]>;
  /** Connections the pool holds open now. */
  openConnections(): number;
  close(): Promise<void>;
}

export interface DatabaseDriver {
  readonly type: DatabaseType;
  /** Opens a pool and proves it with one round trip; throws a DriverError when it cannot. */
  open(settings: DriverSettings): Promise<DriverPool>;
}

export type DriverErrorKind =
  | 'auth'
  | 'unknown_database'
  | 'host_not_found'
  | 'refused'
  | 'timeout'
  | 'tls'
  | 'file'
  | 'query'
  | 'other';

/** A failure in words a person understands; `kind` lets tests and callers tell them apart. */
export class DriverError extends Error {
  constructor(
    readonly kind: DriverErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DriverError';
  }
}

export function where(settings: Pick<DriverSettings, 'host' | 'port'>): string {
  return `${settings.host}:${settings.port}`;
}

/**
 * The messages shared by every network driver, from Node's socket error codes (the drivers
 * pass them through) or the driver's own wording.
 */
export function networkError(
  error: unknown,
  settings: Pick<DriverSettings, 'host' | 'port' | 'timeout' | 'database' | 'username'>,
): DriverError | undefined {
  // Drivers wrap socket errors (tedious in an AggregateError, mongodb in a selection error):
  // read every message and code down the chain.
  const text = errorText(error);
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(text)) {
    return new DriverError('host_not_found', `Host "${settings.host}" was not found.`, {
      cause: error,
    });
  }
  if (/ECONNREFUSED|connection refused/i.test(text)) {
    return new DriverError(
      'refused',
      `Connection refused by ${where(settings)}: is the database server running and listening on that port?`,
      { cause: error },
    );
  }
  if (/EHOSTUNREACH|ENETUNREACH/.test(text)) {
    return new DriverError(
      'refused',
      `Host "${settings.host}" cannot be reached from the server.`,
      {
        cause: error,
      },
    );
  }
  if (/ETIMEDOUT|ETIMEOUT|timed? ?out|timeout/i.test(text)) return timeoutError(settings, error);
  if (/self[- ]signed|certificate|SSL|TLS/i.test(text)) {
    const message = error instanceof Error ? error.message : String(error);
    return new DriverError('tls', `Secure connection failed: ${message}`, { cause: error });
  }
  return undefined;
}

/** Every message and code of an error and the errors it wraps, joined. */
export function errorText(error: unknown, depth = 0): string {
  if (depth > 5 || error === null || error === undefined) return '';
  if (typeof error === 'string') return error;
  if (typeof error !== 'object') return '';
  const e = error as {
    message?: unknown;
    code?: unknown;
    cause?: unknown;
    originalError?: unknown;
    errors?: unknown;
  };
  const parts = [
    typeof e.message === 'string' ? e.message : '',
    typeof e.code === 'string' ? e.code : '',
  ];
  for (const inner of [e.cause, e.originalError]) parts.push(errorText(inner, depth + 1));
  if (Array.isArray(e.errors))
    for (const inner of e.errors) parts.push(errorText(inner, depth + 1));
  return parts.filter(Boolean).join(' | ');
}

export function timeoutError(
  settings: Pick<DriverSettings, 'host' | 'port' | 'timeout'>,
  cause?: unknown,
): DriverError {
  return new DriverError(
    'timeout',
    `No answer from ${where(settings)} within ${settings.timeout} ms.`,
    { cause },
  );
}

export function authError(username: string, cause?: unknown): DriverError {
  return new DriverError(
    'auth',
    `Wrong username or password: the server refused user "${username}".`,
    { cause },
  );
}

export function unknownDatabaseError(database: string, cause?: unknown): DriverError {
  return new DriverError(
    'unknown_database',
    `Database "${database}" does not exist on the server.`,
    {
      cause,
    },
  );
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; errno?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (e.cause) return errorCode(e.cause);
  return undefined;
}

/** Races a promise against the connection's timeout (for drivers whose own timeout is unreliable). */
export async function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  onTimeout: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(onTimeout()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A cell value as JSON can carry it (bigints and buffers would break the response). */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value))
    return `\\x${value.subarray(0, 64).toString('hex')}${value.length > 64 ? '…' : ''}`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = jsonSafe(v);
    return out;
  }
  return value;
}
