import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  auditActions,
  databaseBackupFormats,
  databaseBackupLimits,
  databaseBackupTexts,
  databaseTexts,
  databaseTypeLabels,
  type BackupDatabaseType,
  type DatabaseType,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  mysqlEngine,
  postgresqlEngine,
  sqliteEngine,
  type Engine,
} from './database-connections.backup-engines.js';
import { ToolError } from './database-connections.backup-tools.js';
import type { ConnectionRow } from './database-connections.repository.js';
import type { Caller, DatabaseConnections } from './database-connections.service.js';
import { DriverError, type DriverSettings } from './drivers/driver.js';
import { resolveSqliteFile } from './drivers/sqlite.js';

// Spec §7 Backup and Restore of the active connection (issue 38 item 2, decision 0269): a dump
// made by the database's own tool, answered as a file; a restore loaded whole or not at all,
// only into a connection that allows writes and only when the admin typed its database's name.
// Every attempt is written to the audit log, refused ones included. Failures answer 422 with
// 'Backup failed: …' / 'Restore failed: …' (spec §8) and the reason.

export interface DatabaseBackupsDeps {
  db: Db;
  connections: DatabaseConnections;
  sqliteDir: string;
  /** Files no connection may open (Cutout's own SQLite database). */
  protectedFiles: readonly string[];
  log: FastifyBaseLogger;
  /** The time limit of a dump or a restore (tests make it short). */
  timeoutMs?: number;
}

export interface BackupFile {
  file: string;
  fileName: string;
  contentType: string;
  bytes: number;
  /** Removes the dump's temporary directory (once the answer is sent). */
  cleanup: () => Promise<void>;
}

const isBackupType = (type: DatabaseType): type is BackupDatabaseType =>
  type === 'sqlite' || type === 'postgresql' || type === 'mysql';

/** A file name safe in a Content-Disposition header: the database's name and the time. */
function dumpName(row: ConnectionRow, type: BackupDatabaseType, now: Date): string {
  const base =
    path
      .basename(row.database_name)
      .replace(/\.(sqlite3?|db)$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 80) || 'database';
  const stamp = now
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  return `${base}-${stamp}.${databaseBackupFormats[type].extension}`;
}

export class DatabaseBackups {
  readonly #engines: Record<BackupDatabaseType, Engine>;

  constructor(private readonly deps: DatabaseBackupsDeps) {
    this.#engines = {
      sqlite: sqliteEngine((name) => resolveSqliteFile(deps.sqliteDir, name, deps.protectedFiles)),
      postgresql: postgresqlEngine,
      mysql: mysqlEngine,
    };
  }

  get #timeoutMs(): number {
    return this.deps.timeoutMs ?? databaseBackupLimits.timeoutMs;
  }

  /** A dump of the active connection's database, in a temporary file. */
  async backup(caller: Caller): Promise<BackupFile> {
    const { row, settings } = await this.#target(databaseTexts.backupFailed);
    const type = this.#supported(row, databaseTexts.backupFailed);
    const started = performance.now();
    const dir = await mkdtemp(path.join(tmpdir(), 'cutout-backup-'));
    const cleanup = () => rm(dir, { recursive: true, force: true });
    const fileName = dumpName(row, type, new Date());
    const file = path.join(dir, fileName);
    const audit = (detail: Record<string, unknown>) =>
      recordAudit(this.deps.db, {
        actor: caller.actor,
        action: auditActions.databaseBackup,
        target: { type: 'database_connection', id: row.id },
        detail: {
          name: row.name,
          type,
          database: row.database_name,
          durationMs: Math.round(performance.now() - started),
          ...detail,
        },
        ip: caller.ip,
      });
    try {
      const tool = await this.#engines[type].backup(settings, file, this.#timeoutMs);
      const { size } = await stat(file);
      await audit({ outcome: 'success', bytes: size, tool, fileName });
      return {
        file,
        fileName,
        contentType: databaseBackupFormats[type].contentType,
        bytes: size,
        cleanup,
      };
    } catch (error) {
      await cleanup();
      const reason = this.#reason(error);
      await audit({ outcome: 'error', error: reason });
      throw new AppError(422, 'unprocessable', `${databaseTexts.backupFailed}: ${reason}`);
    }
  }

  /**
   * Checked before the upload is read: a connection that is active, of a kind that restores, and
   * that allows writes. Answers the row the upload is for.
   */
  async beforeRestore(caller: Caller): Promise<ConnectionRow> {
    const { row } = await this.#target(databaseTexts.restoreFailed);
    this.#supported(row, databaseTexts.restoreFailed);
    if (row.allow_writes !== 1) {
      await this.#auditRestore(caller, row, {
        outcome: 'refused',
        error: databaseBackupTexts.readOnly,
      });
      throw new AppError(
        409,
        'conflict',
        `${databaseTexts.restoreFailed}: ${databaseBackupTexts.readOnly}`,
      );
    }
    return row;
  }

  /** Loads an uploaded dump into the active connection, whole or not at all. */
  async restore(
    caller: Caller,
    upload: { file: string; fileName: string; bytes: number },
    confirmation: string,
    expected: ConnectionRow,
  ): Promise<{ message: string }> {
    // Checked again: the active connection may have changed while the file was uploading.
    const row = await this.beforeRestore(caller);
    const fail = async (status: number, reason: string, outcome = 'refused'): Promise<never> => {
      await this.#auditRestore(caller, row, {
        outcome,
        error: reason,
        fileName: upload.fileName,
        bytes: upload.bytes,
      });
      throw new AppError(
        status,
        status === 400 ? 'validation_failed' : status === 409 ? 'conflict' : 'unprocessable',
        `${databaseTexts.restoreFailed}: ${reason}`,
      );
    };
    if (row.id !== expected.id || row.updated_at !== expected.updated_at) {
      return fail(409, 'The active connection changed during the upload. Nothing was restored.');
    }
    if (confirmation !== row.database_name) {
      return fail(400, databaseBackupTexts.confirmationMismatch(row.database_name));
    }
    const type = this.#supported(row, databaseTexts.restoreFailed);
    const engine = this.#engines[type];
    try {
      await engine.checkKind(upload.file);
    } catch (error) {
      return fail(400, this.#reason(error));
    }
    let settings: DriverSettings;
    try {
      settings = (await this.deps.connections.activeTarget()).settings;
    } catch (error) {
      return fail(422, this.#reason(error), 'error');
    }
    const started = performance.now();
    let tool: string;
    try {
      tool = await engine.restore(settings, upload.file, this.#timeoutMs);
    } catch (error) {
      return fail(422, this.#reason(error), 'error');
    }
    await this.#auditRestore(caller, row, {
      outcome: 'success',
      fileName: upload.fileName,
      bytes: upload.bytes,
      tool,
      durationMs: Math.round(performance.now() - started),
    });
    return { message: databaseBackupTexts.restored(row.database_name) };
  }

  async #auditRestore(caller: Caller, row: ConnectionRow, detail: Record<string, unknown>) {
    await recordAudit(this.deps.db, {
      actor: caller.actor,
      action: auditActions.databaseRestore,
      target: { type: 'database_connection', id: row.id },
      detail: { name: row.name, type: row.type, database: row.database_name, ...detail },
      ip: caller.ip,
    });
  }

  async #target(failed: string): Promise<{ row: ConnectionRow; settings: DriverSettings }> {
    try {
      return await this.deps.connections.activeTarget();
    } catch (error) {
      if (error instanceof DriverError) {
        throw new AppError(422, 'unprocessable', `${failed}: ${error.message}`);
      }
      throw error;
    }
  }

  #supported(row: ConnectionRow, failed: string): BackupDatabaseType {
    const type = row.type as DatabaseType;
    if (!isBackupType(type)) {
      throw new AppError(
        422,
        'unprocessable',
        `${failed}: ${databaseBackupTexts.notSupported(databaseTypeLabels[type] ?? row.type)}`,
      );
    }
    return type;
  }

  #reason(error: unknown): string {
    if (error instanceof ToolError || error instanceof DriverError || error instanceof AppError) {
      return error.message;
    }
    this.deps.log.error({ err: error }, 'database backup or restore failed unexpectedly');
    return error instanceof Error ? error.message : String(error);
  }
}
