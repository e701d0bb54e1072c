import { performance } from 'node:perf_hooks';
import {
  databaseConfigTexts,
  databaseLimits,
  databaseTexts,
  type DatabaseQueryResult,
  type DatabaseStatus,
  type DatabaseTable,
  type DatabaseTestResult,
  type DatabaseType,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { SecretDestinationError, type SecretBox } from '../../db/secret-box.js';
import { AppError } from '../../errors.js';
import type { ConnectionRow } from './database-connections.repository.js';
import { describe, rowDestination } from './database-connections.rows.js';
import {
  DriverError,
  timeoutError,
  withTimeout,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryMode,
} from './drivers/driver.js';

// The active connection in this process (spec §2, §5): its pool, opened on first use and reopened
// after an edit, the round trips it measures for Status, and every call to a driver, each bounded
// by the connection's timeout. What is stored and audited is the service's business.

export interface ActiveConnectionDeps {
  secretBox: SecretBox;
  drivers: Record<DatabaseType, DatabaseDriver>;
  log: FastifyBaseLogger;
}

/** Grace on top of a connection's timeout before Cutout gives up on a driver itself. */
const GRACE_MS = 1_000;

export interface ActivePool {
  id: string;
  /** The row's updated_at when the pool was opened: an edit reopens it. */
  version: string;
  pool: DriverPool;
  queries: number;
  roundTrips: number;
  totalMs: number;
}

const round2 = (ms: number) => Math.round(ms * 100) / 100;

export class ActiveConnection {
  #active: ActivePool | undefined;
  #opening: Promise<ActivePool> | undefined;

  constructor(private readonly deps: ActiveConnectionDeps) {}

  /** The id of the connection whose pool is open, if one is. */
  get id(): string | undefined {
    return this.#active?.id;
  }

  /** Spec §2 Test: connect with the connection's timeout, one round trip, close. */
  async test(row: ConnectionRow): Promise<DatabaseTestResult> {
    let pool: DriverPool | undefined;
    try {
      // Inside the try: a password that does not open for this destination is a failed test.
      const settings = this.#settings(row);
      pool = await this.#open({ ...settings, connectionLimit: 1 });
      const started = performance.now();
      await withTimeout(pool.ping(), settings.timeout + GRACE_MS, () => timeoutError(settings));
      const roundTripMs = round2(performance.now() - started);
      // Rights that reach the server's files or programs: the admin is told to use a
      // read-only role (decision 0266).
      const powerfulRights = pool.powerfulRights
        ? await withTimeout(pool.powerfulRights(), settings.timeout + GRACE_MS, () =>
            timeoutError(settings),
          )
        : [];
      const connected = `Connected to ${describe(row)} in ${roundTripMs.toFixed(2)} ms.`;
      return {
        success: true,
        roundTripMs,
        message:
          powerfulRights.length > 0
            ? `${connected} ${databaseConfigTexts.powerfulRole(settings.username, powerfulRights)}`
            : connected,
        powerfulRights,
      };
    } catch (error) {
      return { success: false, roundTripMs: null, message: this.reason(error), powerfulRights: [] };
    } finally {
      await pool?.close().catch(() => undefined);
    }
  }

  /** Makes an opened pool the active one (after the service has recorded the connect). */
  adopt(active: ActivePool): void {
    this.#active = active;
  }

  /** Status of the stored active connection, whose row the service has found. */
  async status(row: ConnectionRow): Promise<DatabaseStatus> {
    const info = {
      type: row.type as DatabaseType,
      host: row.host,
      port: row.port,
      database: row.database_name,
    };
    try {
      const active = await this.pool(row);
      // Status measures: one round trip now, counted with the others.
      const started = performance.now();
      await withTimeout(active.pool.ping(), row.timeout_ms + GRACE_MS, () =>
        timeoutError(this.#settings(row)),
      );
      this.#sample(active, performance.now() - started);
      return {
        isConnected: true,
        connectionId: row.id,
        connectionName: row.name,
        connectionInfo: info,
        stats: {
          activeConnections: active.pool.openConnections(),
          totalQueries: active.queries,
          averageResponseTime: round2(active.totalMs / Math.max(active.roundTrips, 1)),
        },
        error: null,
      };
    } catch (error) {
      return {
        isConnected: false,
        connectionId: row.id,
        connectionName: row.name,
        connectionInfo: info,
        stats: {
          activeConnections: 0,
          totalQueries: this.#active?.queries ?? 0,
          averageResponseTime: 0,
        },
        error: `${databaseTexts.connectionFailed}: ${this.reason(error)}`,
      };
    }
  }

  /** Runs one statement on an open pool, counts it and measures it; a failure is a result too. */
  async run(
    active: ActivePool,
    row: ConnectionRow,
    text: string,
    mode: QueryMode,
  ): Promise<DatabaseQueryResult> {
    const started = performance.now();
    let result: DatabaseQueryResult;
    try {
      const out = await withTimeout(
        active.pool.query(text, {
          maxRows: databaseLimits.maxRows,
          maxBytes: databaseLimits.maxResultBytes,
          maxCellBytes: databaseLimits.maxCellBytes,
          timeoutMs: row.timeout_ms,
          mode,
          serverAccess: row.allow_writes === 1 && row.allow_server_access === 1,
        }),
        row.timeout_ms + GRACE_MS * 5,
        () =>
          new DriverError(
            'timeout',
            `The statement ran longer than ${row.timeout_ms} ms and was stopped.`,
          ),
      );
      result = {
        success: true,
        error: null,
        data: out.rows,
        columns: out.columns,
        executionTime: round2(performance.now() - started),
        rowsAffected: out.kind === 'write' ? (out.rowsAffected ?? 0) : null,
        rowCount: out.rows.length,
        kind: out.kind,
        truncated: out.truncated,
        confirmationRequired: false,
      };
    } catch (error) {
      result = {
        success: false,
        error: this.reason(error),
        data: [],
        columns: [],
        executionTime: round2(performance.now() - started),
        rowsAffected: null,
        rowCount: 0,
        kind: null,
        truncated: false,
        confirmationRequired: error instanceof DriverError && error.kind === 'confirm',
      };
    }
    active.queries += 1;
    this.#sample(active, result.executionTime);
    return result;
  }

  async tables(row: ConnectionRow): Promise<DatabaseTable[]> {
    try {
      const active = await this.pool(row);
      const started = performance.now();
      const tables = await withTimeout(active.pool.tables(), row.timeout_ms + GRACE_MS * 5, () =>
        timeoutError(this.#settings(row)),
      );
      this.#sample(active, performance.now() - started);
      return tables;
    } catch (error) {
      throw new AppError(422, 'unprocessable', this.reason(error));
    }
  }

  /** Closes the pool. */
  async close(): Promise<void> {
    const active = this.#active;
    this.#active = undefined;
    if (active) await active.pool.close().catch(() => undefined);
  }

  /** The pool of the active connection, opened on first use in this process. */
  async pool(row: ConnectionRow): Promise<ActivePool> {
    if (this.#active && this.#active.id === row.id && this.#active.version === row.updated_at) {
      return this.#active;
    }
    if (this.#opening) return this.#opening;
    await this.close();
    this.#opening = this.openActive(row);
    try {
      this.#active = await this.#opening;
      return this.#active;
    } finally {
      this.#opening = undefined;
    }
  }

  /** Opens a pool for the connection; the opening counts as its first round trip. */
  async openActive(row: ConnectionRow): Promise<ActivePool> {
    const started = performance.now();
    const pool = await this.#open(this.#settings(row));
    return {
      id: row.id,
      version: row.updated_at,
      pool,
      queries: 0,
      roundTrips: 1,
      totalMs: performance.now() - started,
    };
  }

  /** driver.open, bounded by the connection's timeout even if a driver's own check slips. */
  async #open(settings: DriverSettings): Promise<DriverPool> {
    const driver = this.deps.drivers[settings.type];
    if (!driver) throw new AppError(400, 'validation_failed', databaseTexts.unsupportedType);
    const opening = driver.open(settings);
    try {
      return await withTimeout(opening, settings.timeout + GRACE_MS, () => timeoutError(settings));
    } catch (error) {
      // A pool that opens after we gave up is closed at once.
      opening.then((late) => late.close()).catch(() => undefined);
      throw error;
    }
  }

  /** The driver settings of a stored row, its password opened for its destination (0134). */
  settings(row: ConnectionRow): DriverSettings {
    return this.#settings(row);
  }

  #sample(active: ActivePool, ms: number): void {
    active.roundTrips += 1;
    active.totalMs += ms;
  }

  #settings(row: ConnectionRow): DriverSettings {
    let password = '';
    if (row.password_sealed) {
      // Opens only for the destination it was sealed for: a changed host never receives it.
      try {
        password = this.deps.secretBox.openFor(row.password_sealed, rowDestination(row));
      } catch (error) {
        if (error instanceof SecretDestinationError) {
          throw new DriverError('auth', databaseConfigTexts.passwordForAnotherDestination);
        }
        throw new DriverError('auth', (error as Error).message);
      }
    }
    return {
      type: row.type as DatabaseType,
      host: row.host,
      port: row.port,
      database: row.database_name,
      username: row.username,
      password,
      ssl: row.ssl === 1,
      allowWrites: row.allow_writes === 1,
      allowServerAccess: row.allow_writes === 1 && row.allow_server_access === 1,
      connectionLimit: row.connection_limit,
      timeout: row.timeout_ms,
      charset: row.charset,
      timezone: row.timezone,
    };
  }

  /** A failure in words for the admin; unexpected errors are logged and named generally. */
  reason(error: unknown): string {
    if (error instanceof DriverError) return error.message;
    if (error instanceof AppError) return error.message;
    this.deps.log.error({ err: error }, 'database connection failed unexpectedly');
    return error instanceof Error ? error.message : String(error);
  }
}
