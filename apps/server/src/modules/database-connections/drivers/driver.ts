import type {
  DatabaseConfig,
  DatabaseTable,
  DatabaseTruncation,
  DatabaseType,
} from '@cutout/contracts';

// One interface for every kind of database (one file per kind beside this one). A driver opens
// a pool for a connection's settings; the service keeps at most one open at a time (spec §4).

export interface DriverSettings extends DatabaseConfig {
  password: string;
}

/**
 * How a statement may touch the database (decision 0131):
 * - `read-only`: the engine itself refuses writes (a read-only transaction or session, a
 *   read-only SQLite handle, read commands only on MongoDB); a write fails with kind 'read_only';
 * - `ask-before-write`: the same, but a statement refused for writing fails with kind
 *   'confirm' (the connection allows writes; the admin is asked first);
 * - `write`: runs as it is (the admin confirmed).
 */
export type QueryMode = 'read-only' | 'ask-before-write' | 'write';

export interface QueryOptions {
  /** Rows returned at most; one more is read to know whether there were more. */
  maxRows: number;
  /** Bytes of JSON returned at most. */
  maxBytes: number;
  /** A longer text value is shortened (and the result marked 'bytes'). */
  maxCellBytes: number;
  /** The statement timeout, ms: the driver stops the statement on the server when it passes. */
  timeoutMs: number;
  mode: QueryMode;
  /**
   * The admin allowed this connection to reach the server's files, programs and network
   * (decision 0266); only ever true with writes allowed. Off, such statements are refused.
   */
  serverAccess: boolean;
}

export interface QueryOutcome {
  rows: unknown[];
  columns: string[];
  /** Rows changed by a write; null for a read. */
  rowsAffected: number | null;
  kind: 'read' | 'write';
  truncated: DatabaseTruncation;
}

export interface DriverPool {
  /** One round trip ("select 1" or the engine's ping). */
  ping(): Promise<void>;
  /**
   * Runs one statement on a connection of its own, closed afterwards, so nothing the statement
   * sets (timeouts, roles, temporary tables) outlives it; never holds much more than the
   * result's caps in memory.
   */
  query(statement: string, options: QueryOptions): Promise<QueryOutcome>;
  /** Tables and views from the engine's catalogue. */
  tables(): Promise<DatabaseTable[]>;
  /**
   * Rights of the connection's user that reach the server's files or programs (decision 0266),
   * as the engine names them; empty when none. Engines without such rights omit this.
   */
  powerfulRights?(): Promise<string[]>;
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
  /** A write refused because the connection is read-only. */
  | 'read_only'
  /** A write on a connection that allows writes, not yet confirmed. */
  | 'confirm'
  /** Something the console never allows (a second SQLite file, a server-wide setting). */
  | 'forbidden'
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

/**
 * Gathers a result within its caps. `add` takes one row and answers false once the result is
 * full (the driver stops reading): one row past maxRows sets 'rows', a row that would pass
 * maxBytes sets 'bytes'. Values longer than maxCellBytes are shortened and the result is marked
 * 'bytes' too.
 */
export class ResultCollector {
  readonly rows: unknown[] = [];
  columns: string[] = [];
  #bytes = 2;
  /** What the rows weighed before long values were cut. */
  #read = 0;
  #truncated: DatabaseTruncation = false;
  #cellCut = false;

  constructor(private readonly caps: Pick<QueryOptions, 'maxRows' | 'maxBytes' | 'maxCellBytes'>) {}

  get full(): boolean {
    return this.#truncated !== false;
  }

  /** Bytes of JSON gathered so far. */
  get bytes(): number {
    return this.#bytes;
  }

  add(row: unknown): boolean {
    if (this.#truncated) return false;
    if (this.rows.length >= this.caps.maxRows) {
      this.#truncated = 'rows';
      return false;
    }
    // Reading huge values only to cut them costs memory too: past four times the cap in
    // values read, the result ends (with at least one row).
    const weight = rawBytes(row);
    if (this.rows.length > 0 && this.#read + weight > this.caps.maxBytes * READ_FACTOR) {
      this.#truncated = 'bytes';
      return false;
    }
    this.#read += weight;
    const cut = { any: false };
    const safe = fitCells(jsonSafe(row), this.caps.maxCellBytes, cut);
    const size = Buffer.byteLength(JSON.stringify(safe) ?? 'null') + 1;
    if (this.#bytes + size > this.caps.maxBytes) {
      this.#truncated = 'bytes';
      return false;
    }
    if (cut.any) this.#cellCut = true;
    this.rows.push(safe);
    this.#bytes += size;
    return true;
  }

  /** Ends the result by the byte cap (a driver that saw enough before parsing a whole row). */
  stopForBytes(): void {
    if (!this.#truncated) this.#truncated = 'bytes';
  }

  outcome(kind: 'read' | 'write', rowsAffected: number | null): QueryOutcome {
    return {
      rows: this.rows,
      columns: this.columns.length > 0 ? this.columns : columnsOf(this.rows),
      rowsAffected: kind === 'write' ? rowsAffected : null,
      kind,
      truncated: this.#truncated || (this.#cellCut ? 'bytes' : false),
    };
  }
}

/** A result stops once the values read weigh this many times the byte cap. */
export const READ_FACTOR = 4;

/** About how many bytes a row's values hold before they are cut (strings and buffers). */
export function rawBytes(row: unknown): number {
  if (typeof row === 'string') return row.length;
  if (Buffer.isBuffer(row)) return row.length;
  if (Array.isArray(row)) return row.reduce((n: number, v) => n + rawBytes(v), 8);
  if (row !== null && typeof row === 'object') {
    let n = 8;
    for (const value of Object.values(row)) n += rawBytes(value);
    return n;
  }
  return 8;
}

/** Column names from the rows themselves (engines without a fixed set: MongoDB). */
export function columnsOf(rows: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const row of rows.slice(0, 200)) {
    if (row !== null && typeof row === 'object' && !Array.isArray(row)) {
      for (const key of Object.keys(row)) names.add(key);
    }
  }
  return [...names];
}

/** Strings longer than `max` bytes shortened, with how long they were. */
function fitCells(value: unknown, max: number, cut: { any: boolean }): unknown {
  if (typeof value === 'string') {
    if (value.length * 3 <= max) return value;
    const size = Buffer.byteLength(value);
    if (size <= max) return value;
    cut.any = true;
    // Cut by characters (no copy of the whole value), then to the byte budget.
    let kept = value.slice(0, max - 64);
    while (Buffer.byteLength(kept) > max - 64) kept = kept.slice(0, Math.floor(kept.length * 0.9));
    return `${kept}… (${size.toLocaleString('en-US')} bytes in all)`;
  }
  if (Array.isArray(value)) return value.map((v) => fitCells(v, max, cut));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fitCells(v, max, cut);
    return out;
  }
  return value;
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
