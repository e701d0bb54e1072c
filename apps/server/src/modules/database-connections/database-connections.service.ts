import { randomUUID } from 'node:crypto';
import {
  auditActions,
  databaseConfigTexts,
  databaseDestination,
  databaseLimits,
  databaseTexts,
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
import { SecretBox, SecretBoxError } from '../../db/secret-box.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { ActiveConnection, type ActivePool } from './database-connections.active-connection.js';
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
  checkConfig,
  checkName,
  columnsOf,
  rowDestination,
  toView,
} from './database-connections.rows.js';
import type { DatabaseDriver, DriverSettings, QueryMode } from './drivers/driver.js';

// The rules of admin database connections (spec §2, §4, §5): stored connections with sealed
// passwords, Test, one active connection at a time (a pool in this process, opened on first
// use), Status with measured figures, Query capped at 1,000 rows, Tables from the catalogue.
// Every query run is written to the audit log (decision 0096). This service keeps what is stored
// and audited; the pool and the driver calls are the ActiveConnection's.

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

export class DatabaseConnections {
  readonly #live: ActiveConnection;

  constructor(private readonly deps: DatabaseConnectionsDeps) {
    this.#live = new ActiveConnection(deps);
  }

  // ---- stored connections ----

  async list(): Promise<DatabaseConnectionView[]> {
    return (await listConnections(this.deps.db)).map((row) => toView(row));
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
          allowServerAccess: config.allowServerAccess,
        },
        ip: caller.ip,
      });
    });
    return toView(row);
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
          allowServerAccess: config.allowServerAccess,
          passwordChanged: config.type !== 'sqlite' && newPassword !== '',
        },
        ip: caller.ip,
      });
    });
    // The pool of the active connection reopens with the new settings on next use.
    if (this.#live.id === id) await this.#live.close();
    return toView({ ...existing, ...values });
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
    return toView(row);
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
    if (this.#live.id === id) await this.#live.close();
  }

  // ---- test, connect, disconnect ----

  /** Spec §2 Test: connect with the connection's timeout, one round trip, close. */
  async test(id: string): Promise<DatabaseTestResult> {
    return this.#live.test(await this.#find(id));
  }

  /** Spec §4: connecting makes this connection the active one and every other inactive. */
  async connect(id: string, caller: Caller): Promise<DatabaseStatus> {
    const row = await this.#find(id);
    await this.#live.close();
    let active: ActivePool;
    try {
      active = await this.#live.openActive(row);
    } catch (error) {
      throw new AppError(
        422,
        'unprocessable',
        `${databaseTexts.connectionFailed}: ${this.#live.reason(error)}`,
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
    this.#live.adopt(active);
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
    await this.#live.close();
    return this.status();
  }

  // ---- status, query, tables ----

  async status(): Promise<DatabaseStatus> {
    const row = await findActiveConnection(this.deps.db);
    if (!row) {
      await this.#live.close();
      return {
        isConnected: false,
        connectionId: null,
        connectionName: null,
        connectionInfo: null,
        stats: { activeConnections: 0, totalQueries: 0, averageResponseTime: 0 },
        error: null,
      };
    }
    return this.#live.status(row);
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
      active = await this.#live.pool(row);
    } catch (error) {
      const message = `${databaseTexts.connectionFailed}: ${this.#live.reason(error)}`;
      // Not run, but asked for: the audit log says so.
      await audit({ durationMs: 0, rows: 0, outcome: 'error', error: message });
      throw new AppError(422, 'unprocessable', message);
    }
    const result = await this.#live.run(active, row, text, mode);
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
    return this.#live.tables(row);
  }

  /**
   * The active connection's row and driver settings, for Backup and Restore (decision 0269);
   * 409 'Not connected to database' without one. Throws a DriverError when the saved password
   * does not open for the row's destination.
   */
  async activeTarget(): Promise<{ row: ConnectionRow; settings: DriverSettings }> {
    const row = await this.#activeRow();
    return { row, settings: this.#live.settings(row) };
  }

  /** Closes the pool (the app's onClose). */
  async close(): Promise<void> {
    await this.#live.close();
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
}
