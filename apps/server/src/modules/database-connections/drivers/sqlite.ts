import { createRequire } from 'node:module';
import { lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isPlainFileName, type DatabaseTable } from '@cutout/contracts';
import {
  DriverError,
  jsonSafe,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryOutcome,
} from './driver.js';

// SQLite files through better-sqlite3, only inside one directory (DATABASE_CONNECTIONS_SQLITE_DIR)
// so an admin cannot open any file of the server. better-sqlite3 is synchronous: each open
// connection lives in its own worker thread, so a long query never blocks the server, and the
// statement timeout ends the worker (SQLite has no other way to stop a running statement).

const betterSqlite3Url = pathToFileURL(
  createRequire(import.meta.url).resolve('better-sqlite3'),
).href;

// Plain JavaScript run in the worker (eval), so it works from src/ under tsx and vitest and from
// dist/ alike. It answers { id, ok, value } or { id, ok: false, message, code }.
const WORKER_SOURCE = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const { default: Database } = await import(workerData.betterSqlite3Url);
  let db;
  try {
    db = new Database(workerData.file, { fileMustExist: true });
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = ' + Math.min(workerData.timeout, 5000));
  } catch (e) {
    parentPort.postMessage({ id: 0, ok: false, message: String(e.message), code: e.code });
    return;
  }
  parentPort.postMessage({ id: 0, ok: true });
  const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';
  const ops = {
    ping: () => db.prepare('select 1').get(),
    query: ({ statement, maxRows }) => {
      const stmt = db.prepare(statement);
      if (!stmt.reader) {
        const info = stmt.run();
        return { rows: [], rowsAffected: info.changes, truncated: false };
      }
      const rows = [];
      for (const row of stmt.iterate()) {
        if (rows.length === maxRows) return { rows, rowsAffected: rows.length, truncated: true };
        rows.push(row);
      }
      return { rows, rowsAffected: rows.length, truncated: false };
    },
    tables: () => {
      const list = db
        .prepare("select name, type from sqlite_schema where type in ('table', 'view') and name not like 'sqlite_%' order by name limit 500")
        .all();
      let dbstat = true;
      return list.map((t) => {
        const fks = db.prepare('select * from pragma_foreign_key_list(?)').all(t.name);
        const columns = db.prepare('select * from pragma_table_xinfo(?)').all(t.name)
          .filter((c) => c.hidden === 0 || c.hidden === undefined)
          .map((c) => {
            const fk = fks.find((f) => f.from === c.name);
            return {
              name: c.name,
              type: c.type || 'ANY',
              nullable: c.notnull === 0 && c.pk === 0,
              isPrimaryKey: c.pk > 0,
              isForeignKey: fk !== undefined,
              references: fk ? fk.table + '.' + (fk.to ?? 'rowid') : null,
              defaultValue: c.dflt_value ?? null,
            };
          });
        let size = null;
        if (dbstat && t.type === 'table') {
          try {
            const r = db.prepare("select sum(pgsize) as s from dbstat where name = ? or name in (select name from sqlite_schema where type = 'index' and tbl_name = ?)").get(t.name, t.name);
            size = r && r.s !== null ? Number(r.s) : 0;
          } catch { dbstat = false; }
        }
        const count = db.prepare('select count(*) as n from ' + quote(t.name)).get();
        return {
          name: t.name, schema: null, type: t.type, rowCount: Number(count.n),
          rowCountEstimated: false, size, columns,
        };
      });
    },
  };
  parentPort.on('message', ({ id, op, args }) => {
    try {
      parentPort.postMessage({ id, ok: true, value: ops[op](args) });
    } catch (e) {
      parentPort.postMessage({ id, ok: false, message: String(e.message), code: e.code });
    }
  });
})();
`;

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  message?: string;
  code?: string;
}

/**
 * The file a connection names, inside `dir`, or a DriverError. Refuses names with a directory
 * part, files that do not exist, and symlinks (or anything else) that resolve outside `dir`.
 */
export function resolveSqliteFile(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const realDir = realpathSync(dir);
  if (!isPlainFileName(name)) {
    throw new DriverError(
      'file',
      'SQLite connections may only name a file inside the SQLite connections directory.',
    );
  }
  const candidate = path.join(realDir, name);
  try {
    lstatSync(candidate);
  } catch {
    throw new DriverError(
      'unknown_database',
      `SQLite file "${name}" does not exist in the SQLite connections directory.`,
    );
  }
  const real = realpathSync(candidate);
  if (path.dirname(real) !== realDir && !real.startsWith(realDir + path.sep)) {
    throw new DriverError(
      'file',
      `SQLite file "${name}" points outside the SQLite connections directory.`,
    );
  }
  if (!statSync(real).isFile()) {
    throw new DriverError('file', `"${name}" is not a file.`);
  }
  return real;
}

class SqliteWorker {
  #worker: Worker | undefined;
  #ready: Promise<void> | undefined;
  #next = 1;
  readonly #pending = new Map<
    number,
    { resolve: (r: Reply) => void; reject: (e: Error) => void }
  >();

  constructor(
    readonly file: string,
    readonly name: string,
    readonly timeoutMs: number,
  ) {}

  get alive(): boolean {
    return this.#worker !== undefined;
  }

  #start(): Promise<void> {
    if (this.#ready) return this.#ready;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { betterSqlite3Url, file: this.file, timeout: this.timeoutMs },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    this.#worker = worker;
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#pending.set(0, {
        resolve: (r) =>
          r.ok
            ? resolve()
            : reject(new DriverError('file', `SQLite could not open "${this.name}": ${r.message}`)),
        reject,
      });
    });
    worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      this.#worker = undefined;
      this.#ready = undefined;
    };
    worker.on('error', (error) =>
      fail(new DriverError('other', `SQLite stopped: ${error.message}`)),
    );
    worker.on('exit', () => fail(new DriverError('other', 'SQLite stopped.')));
    this.#ready.catch(() => void this.close());
    return this.#ready;
  }

  async call<T>(op: string, args?: unknown): Promise<T> {
    await this.#start();
    const worker = this.#worker!;
    const id = this.#next++;
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = await new Promise<Reply>((resolve, reject) => {
        this.#pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, args });
        timer = setTimeout(() => {
          this.#pending.delete(id);
          reject(
            new DriverError(
              'timeout',
              `The statement ran longer than ${this.timeoutMs} ms and was stopped.`,
            ),
          );
          // The only way to stop a running SQLite statement here: end its thread. The next call
          // opens the file again in a new one.
          void this.close();
        }, this.timeoutMs);
      });
      if (!reply.ok) throw new DriverError('query', reply.message ?? 'SQLite error');
      return reply.value as T;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#ready = undefined;
    if (worker) await worker.terminate();
  }
}

export function sqliteDriver(directory: string): DatabaseDriver {
  return {
    type: 'sqlite',
    async open(s: DriverSettings) {
      const file = resolveSqliteFile(directory, s.database);
      const worker = new SqliteWorker(file, s.database, s.timeout);
      try {
        await worker.call('ping');
      } catch (error) {
        await worker.close();
        throw error;
      }
      const handle: DriverPool = {
        ping: () => worker.call('ping'),
        async query(statement, options) {
          const out = await worker.call<QueryOutcome>('query', {
            statement,
            maxRows: options.maxRows,
          });
          return { ...out, rows: out.rows.map(jsonSafe) };
        },
        tables: () => worker.call<DatabaseTable[]>('tables'),
        openConnections: () => (worker.alive ? 1 : 0),
        close: () => worker.close(),
      };
      return handle;
    },
  };
}
