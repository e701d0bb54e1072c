import type { ComponentHealth } from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, DatabaseConfig } from '../../config.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { BackupProgress } from './backup-writer.js';
import { backupNow, pruneBackups } from './backups.service.js';

// The server's own backups (decision 0268): 'Back up now' and the schedule run here, one at a
// time, in the background (the archive is streamed, so the server keeps serving). The outcome of
// the last one shows on /health/detailed and the admin's page; a failure alerts the admins.

export interface BackupOutcome {
  at: string;
  ok: boolean;
  name: string | null;
  error: string | null;
}

export interface BackupRunner {
  /** Starts a backup unless one runs; false when one was running already. */
  start(): boolean;
  running(): BackupProgress | null;
  last(): BackupOutcome | null;
  /** The run under way, for tests and shutdown. */
  settled(): Promise<void>;
  health(): ComponentHealth;
  close(): Promise<void>;
}

export interface RunnerDeps {
  config: Pick<Config, 'dataDir' | 'authSecret' | 'backups'>;
  database: DatabaseConfig;
  store: ObjectStore;
  log: FastifyBaseLogger;
  /** Told of a failed backup (the admins' notification mail). */
  onFailure: (error: string) => void;
}

export function createBackupRunner(deps: RunnerDeps): BackupRunner {
  let progress: BackupProgress | null = null;
  let outcome: BackupOutcome | null = null;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const { backups } = deps.config;

  const run = async () => {
    progress = { stage: 'tables', done: 0, total: 1 };
    try {
      const result = await backupNow({
        config: deps.config,
        database: deps.database,
        store: deps.store,
        onProgress: (p) => (progress = p),
      });
      await pruneBackups(backups.dir, backups.keep);
      outcome = { at: new Date().toISOString(), ok: true, name: result.name, error: null };
      deps.log.info({ archive: result.file, bytes: result.bytes }, 'backup written');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { at: new Date().toISOString(), ok: false, name: null, error: message };
      deps.log.error({ err: error }, 'backup failed');
      deps.onFailure(message);
    } finally {
      progress = null;
    }
  };

  const runner: BackupRunner = {
    start() {
      if (progress) return false;
      current = run();
      return true;
    },
    running: () => progress,
    last: () => outcome,
    settled: () => current,
    health() {
      if (outcome && !outcome.ok) {
        return { status: 'degraded', detail: `the last backup failed: ${outcome.error ?? ''}` };
      }
      if (outcome) return { status: 'ok', detail: `last backup ${outcome.at}` };
      return backups.intervalMs > 0
        ? { status: 'ok', detail: 'no backup since start yet' }
        : { status: 'not_configured', detail: 'no scheduled backups (BACKUP_INTERVAL_HOURS)' };
    },
    async close() {
      if (timer) clearInterval(timer);
      await current;
    },
  };
  if (backups.intervalMs > 0) {
    timer = setInterval(() => void runner.start(), backups.intervalMs);
    timer.unref();
  }
  return runner;
}
