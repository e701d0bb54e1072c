import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  auditActions,
  databaseConfigTexts,
  databaseDestination,
  databaseLimits,
  databaseTexts,
  validateDatabaseConfig,
  type DatabaseConfig,
  type DatabaseConfigInput,
  type DatabaseConnectionView,
  type DatabaseQueryResult,
  type DatabaseStatus,
  type DatabaseTable,
  type DatabaseTestResult,
  type DatabaseType,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import {
  SECRET_MASK,
  SecretBox,
  SecretBoxError,
  SecretDestinationError,
} from '../../db/secret-box.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import {
  deleteConnection,
  findActiveConnection,
  findConnection,
  insertConnection,
  listConnections,
  setActiveConnection,
  updateConnection,
  type ConnectionRow,
} from './database-connections.repository.js';
import {
  DriverError,
  timeoutError,
  withTimeout,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryMode,
} from './drivers/driver.js';

// The rules of admin database connections (spec §2, §4, §5): stored connections with sealed
// passwords, Test, one active connection at a time (a pool in this process, opened on first
// use), Status with measured figures, Query capped at 1,000 rows, Tables from the catalogue.
// Every query run is written to the audit log (decision 0096).

export interface DatabaseConnectionsDeps {
  db: Db;
  secretBox: SecretBox;
  drivers: Record<DatabaseType, DatabaseDriver>;
  log: FastifyBaseLogger;
}

export interface Caller {
  actor: AuditActor;
  ip: string | null;
}

/** Grace on top of a connection's timeout before Cutout gives up on a driver itself. */
const GRACE_MS = 1_000;

interface ActivePool {
  id: string;
  /** The row's updated_at when the pool was opened: an edit reopens it. */
  version: string;
  pool: DriverPool;
  queries: number;
  roundTrips: number;
  totalMs: number;
}

const round2 = (ms: number) => Math.round(ms * 100) / 100;

export class DatabaseConnections {
  #active: ActivePool | undefined;
  #opening: Promise<ActivePool> | undefined;

  constructor(private readonly deps: DatabaseConnectionsDeps) {}

  // ---- stored connections ----

  async list(): Promise<DatabaseConnectionView[]> {
    return (await listConnections(this.deps.db)).map((row) => this.#view(row));
  }

  async create(
    body: { name: string; config: DatabaseConfigInput },
    caller: Caller,
  ): Promise<DatabaseConnectionView> {
    const name = checkName(body.name);
    const config = checkConfig(body.config);
    const password = config.type === 'sqlite' ? '' : (body.config.password ?? '');
    const now = new Date().toISOString();
    const row: ConnectionRow = {
      id: randomUUID(),
      name,
      ...columnsOf(config),
      password_sealed:
        password === '' ? null : this.deps.secretBox.sealFor(password, databaseDestination(config)),
      is_active: 0,
      created_by: caller.actor.id,
      created_at: now,
      updated_at: now,
      last_used_at: null,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await insertConnection(trx, row);
      await recordAudit(trx, {
        actor: caller.actor,
        action: auditActions.databaseConnectionCreate,
        target: { type: 'database_connection', id: row.id },
        detail: {
          name,
          type: config.type,
          host: config.host,
          database: config.database,
          allowWrites: config.allowWrites,
        },
        ip: caller.ip,
      });
    });
    return this.#view(row);
  }

  async update(
    id: string,
    body: { name: string; config: DatabaseConfigInput },
    caller: Caller,
  ): Promise<DatabaseConnectionView> {
    const existing = await this.#find(id);
    const name = checkName(body.name);
    const config = checkConfig(body.config);
    const newPassword = body.config.password ?? '';
    const sealed = this.#sealOnUpdate(existing, config, newPassword);
    const values = {
      name,
      ...columnsOf(config),
      password_sealed: sealed,
      updated_at: new Date().toISOString(),
    };
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await updateConnection(trx, id, values)))
        throw notFound(databaseConfigTexts.connectionNotFound);
      await recordAudit(trx, {
        actor: caller.actor,
        action: auditActions.databaseConnectionUpdate,
        target: { type: 'database_connection', id },
        detail: {
          name,
          type: config.type,
          host: config.host,
          database: config.database,
          allowWrites: config.allowWrites,
          passwordChanged: config.type !== 'sqlite' && newPassword !== '',
        },
        ip: caller.ip,
      });
    });
    // The pool of the active connection reopens with the new settings on next use.
    if (this.#active?.id === id) await this.#closePool();
    return this.#view({ ...existing, ...values });
  }

  async copy(id: string, caller: Caller): Promise<DatabaseConnectionView> {
    const existing = await this.#find(id);
    const now = new Date().toISOString();
    const row: ConnectionRow = {
      ...existing,
      id: randomUUID(),
      name: databaseTexts.copyName(existing.name).slice(0, databaseLimits.nameMax),
      // Spec §4: a copy starts inactive. The sealed password is copied as it is.
      is_active: 0,
      created_by: caller.actor.id,
      created_at: now,
      updated_at: now,
      last_used_at: null,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await insertConnection(trx, row);
      await recordAudit(trx, {
        actor: caller.actor,
        action: auditActions.databaseConnectionCopy,
        target: { type: 'database_connection', id: row.id },
        detail: { from: id, name: row.name },
        ip: caller.ip,
      });
    });
    return this.#view(row);
  }

  async remove(id: string, caller: Caller): Promise<void> {
    const existing = await this.#find(id);
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await deleteConnection(trx, id)))
        throw notFound(databaseConfigTexts.connectionNotFound);
      await recordAudit(trx, {
        actor: caller.actor,
        action: auditActions.databaseConnectionDelete,
        target: { type: 'database_connection', id },
        detail: { name: existing.name, type: existing.type, wasActive: existing.is_active === 1 },
        ip: caller.ip,
      });
    });
    if (this.#active?.id === id) await this.#closePool();
  }

  // ---- test, connect, disconnect ----

  /** Spec §2 Test: connect with the connection's timeout, one round trip, close. */
  async test(id: string): Promise<DatabaseTestResult> {
    const row = await this.#find(id);
    let pool: DriverPool | undefined;
    try {
      // Inside the try: a password that does not open for this destination is a failed test.
      const settings = this.#settings(row);
      pool = await this.#open({ ...settings, connectionLimit: 1 });
      const started = performance.now();
      await withTimeout(pool.ping(), settings.timeout + GRACE_MS, () => timeoutError(settings));
      const roundTripMs = round2(performance.now() - started);
      return {
        success: true,
        roundTripMs,
        message: `Connected to ${describe(row)} in ${roundTripMs.toFixed(2)} ms.`,
      };
    } catch (error) {
      return { success: false, roundTripMs: null, message: this.#reason(error) };
    } finally {
      await pool?.close().catch(() => undefined);
    }
  }

  /** Spec §4: connecting makes this connection the active one and every other inactive. */
  async connect(id: string, caller: Caller): Promise<DatabaseStatus> {
    const row = await this.#find(id);
    await this.#closePool();
    let active: ActivePool;
    try {
      active = await this.#openActive(row);
    } catch (error) {
      throw new AppError(
        422,
        'unprocessable',
        `${databaseTexts.connectionFailed}: ${this.#reason(error)}`,
      );
    }
    const now = new Date().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      await setActiveConnection(trx, id, now);
      await recordAudit(trx, {
        actor: caller.actor,
        action: auditActions.databaseConnect,
        target: { type: 'database_connection', id },
        detail: { name: row.name, type: row.type, host: row.host, database: row.database_name },
        ip: caller.ip,
      });
    });
    this.#active = active;
    return this.status();
  }

  async disconnect(caller: Caller): Promise<DatabaseStatus> {
    const row = await findActiveConnection(this.deps.db);
    await this.deps.db.transaction().execute(async (trx) => {
      await setActiveConnection(trx, null, new Date().toISOString());
      if (row) {
        await recordAudit(trx, {
          actor: caller.actor,
          action: auditActions.databaseDisconnect,
          target: { type: 'database_connection', id: row.id },
          ip: caller.ip,
        });
      }
    });
    await this.#closePool();
    return this.status();
  }

  // ---- status, query, tables ----

  async status(): Promise<DatabaseStatus> {
    const row = await findActiveConnection(this.deps.db);
    if (!row) {
      await this.#closePool();
      return {
        isConnected: false,
        connectionId: null,
        connectionName: null,
        connectionInfo: null,
        stats: { activeConnections: 0, totalQueries: 0, averageResponseTime: 0 },
        error: null,
      };
    }
    const info = {
      type: row.type as DatabaseType,
      host: row.host,
      port: row.port,
      database: row.database_name,
    };
    try {
      const active = await this.#pool(row);
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
        error: `${databaseTexts.connectionFailed}: ${this.#reason(error)}`,
      };
    }
  }

  /**
   * Runs one statement on the active connection (decision 0131): read-only in the engine itself
   * unless the connection allows writes; then a statement that writes is not run until it is
   * sent again with `confirmWrite`. Capped in rows and bytes; audited, whatever happens.
   */
  async query(
    statement: string,
    caller: Caller,
    { confirmWrite = false }: { confirmWrite?: boolean } = {},
  ): Promise<DatabaseQueryResult> {
    const text = statement.trim();
    if (text === '') throw new AppError(400, 'validation_failed', databaseTexts.enterQuery);
    if (text.length > databaseLimits.maxQueryLength) {
      throw new AppError(400, 'validation_failed', databaseConfigTexts.queryTooLong);
    }
    const row = await this.#activeRow();
    const mode: QueryMode =
      row.allow_writes !== 1 ? 'read-only' : confirmWrite ? 'write' : 'ask-before-write';
    const audit = (detail: Record<string, unknown>) =>
      recordAudit(this.deps.db, {
        actor: caller.actor,
        action: auditActions.databaseQuery,
        target: { type: 'database_connection', id: row.id },
        detail: { statement: text.slice(0, 10_000), mode, ...detail },
        ip: caller.ip,
      });
    let active: ActivePool;
    try {
      active = await this.#pool(row);
    } catch (error) {
      const message = `${databaseTexts.connectionFailed}: ${this.#reason(error)}`;
      // Not run, but asked for: the audit log says so.
      await audit({ durationMs: 0, rows: 0, outcome: 'error', error: message });
      throw new AppError(422, 'unprocessable', message);
    }
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
        error: this.#reason(error),
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
    await audit({
      durationMs: result.executionTime,
      rows: result.rowsAffected ?? result.rowCount,
      outcome: result.success
        ? 'success'
        : result.confirmationRequired
          ? 'confirmation-required'
          : 'error',
      ...(result.kind ? { kind: result.kind } : {}),
      ...(result.truncated ? { truncated: result.truncated } : {}),
      ...(result.error && !result.confirmationRequired ? { error: result.error } : {}),
    });
    return result;
  }

  async tables(): Promise<DatabaseTable[]> {
    const row = await this.#activeRow();
    try {
      const active = await this.#pool(row);
      const started = performance.now();
      const tables = await withTimeout(active.pool.tables(), row.timeout_ms + GRACE_MS * 5, () =>
        timeoutError(this.#settings(row)),
      );
      this.#sample(active, performance.now() - started);
      return tables;
    } catch (error) {
      throw new AppError(422, 'unprocessable', this.#reason(error));
    }
  }

  /** Closes the pool (the app's onClose). */
  async close(): Promise<void> {
    await this.#closePool();
  }

  /**
   * Seals passwords stored before they were bound to their destination (decision 0134) for the
   * destination their row names now. Run at start; a value this server cannot open stays as it
   * is (using it says to enter it again).
   */
  async bindLegacySecrets(): Promise<number> {
    let bound = 0;
    for (const row of await listConnections(this.deps.db)) {
      if (!row.password_sealed || SecretBox.isBound(row.password_sealed)) continue;
      let plain: string;
      try {
        plain = this.deps.secretBox.open(row.password_sealed);
      } catch {
        continue;
      }
      const sealed = this.deps.secretBox.sealFor(plain, rowDestination(row));
      await updateConnection(this.deps.db, row.id, { password_sealed: sealed });
      bound += 1;
    }
    return bound;
  }

  // ---- internals ----

  /**
   * The password an edit stores: a new one sealed for the new destination; a blank one keeps
   * the stored one only while the destination stays the same (the browser never has it, and a
   * stored password may not follow a changed host, port, type, database or SSL setting).
   */
  #sealOnUpdate(existing: ConnectionRow, config: DatabaseConfig, newPassword: string) {
    if (config.type === 'sqlite') return null;
    const destination = databaseDestination(config);
    if (newPassword !== '') return this.deps.secretBox.sealFor(newPassword, destination);
    if (!existing.password_sealed) return null;
    if (rowDestination(existing) !== destination) {
      throw new AppError(400, 'validation_failed', databaseConfigTexts.reenterPassword, {
        password: databaseConfigTexts.reenterPassword,
      });
    }
    if (SecretBox.isBound(existing.password_sealed)) return existing.password_sealed;
    // A legacy value on an unchanged destination: bound now.
    try {
      return this.deps.secretBox.sealFor(
        this.deps.secretBox.open(existing.password_sealed),
        destination,
      );
    } catch (error) {
      if (error instanceof SecretBoxError) return existing.password_sealed;
      throw error;
    }
  }

  async #find(id: string): Promise<ConnectionRow> {
    const row = await findConnection(this.deps.db, id);
    if (!row) throw notFound(databaseConfigTexts.connectionNotFound);
    return row;
  }

  async #activeRow(): Promise<ConnectionRow> {
    const row = await findActiveConnection(this.deps.db);
    if (!row) throw new AppError(409, 'conflict', databaseTexts.notConnected);
    return row;
  }

  /** The pool of the active connection, opened on first use in this process. */
  async #pool(row: ConnectionRow): Promise<ActivePool> {
    if (this.#active && this.#active.id === row.id && this.#active.version === row.updated_at) {
      return this.#active;
    }
    if (this.#opening) return this.#opening;
    await this.#closePool();
    this.#opening = this.#openActive(row);
    try {
      this.#active = await this.#opening;
      return this.#active;
    } finally {
      this.#opening = undefined;
    }
  }

  async #openActive(row: ConnectionRow): Promise<ActivePool> {
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

  async #closePool(): Promise<void> {
    const active = this.#active;
    this.#active = undefined;
    if (active) await active.pool.close().catch(() => undefined);
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
      connectionLimit: row.connection_limit,
      timeout: row.timeout_ms,
      charset: row.charset,
      timezone: row.timezone,
    };
  }

  /** A failure in words for the admin; unexpected errors are logged and named generally. */
  #reason(error: unknown): string {
    if (error instanceof DriverError) return error.message;
    if (error instanceof AppError) return error.message;
    this.deps.log.error({ err: error }, 'database connection failed unexpectedly');
    return error instanceof Error ? error.message : String(error);
  }

  #view(row: ConnectionRow): DatabaseConnectionView {
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
        connectionLimit: row.connection_limit,
        timeout: row.timeout_ms,
        charset: row.charset,
        timezone: row.timezone,
      },
    };
  }
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new AppError(400, 'validation_failed', databaseTexts.nameRequired);
  return trimmed;
}

function checkConfig(input: DatabaseConfigInput): DatabaseConfig {
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

function columnsOf(config: DatabaseConfig) {
  return {
    type: config.type,
    host: config.host,
    port: config.port,
    database_name: config.database,
    username: config.username,
    ssl: config.ssl ? 1 : 0,
    allow_writes: config.allowWrites ? 1 : 0,
    connection_limit: config.connectionLimit,
    timeout_ms: config.timeout,
    charset: config.charset,
    timezone: config.timezone,
  };
}

function rowDestination(row: ConnectionRow): string {
  return databaseDestination({
    type: row.type as DatabaseType,
    host: row.host,
    port: row.port,
    database: row.database_name,
    ssl: row.ssl === 1,
  });
}

function describe(row: ConnectionRow): string {
  return row.type === 'sqlite' ? row.database_name : `${row.host}:${row.port}/${row.database_name}`;
}
