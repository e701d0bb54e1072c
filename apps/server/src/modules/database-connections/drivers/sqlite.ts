import { createRequire } from 'node:module';
import { lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { databaseConfigTexts, isPlainFileName, type DatabaseTable } from '@cutout/contracts';
import {
  DriverError,
  ResultCollector,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryOutcome,
} from './driver.js';

// SQLite files through better-sqlite3, only inside one directory (DATABASE_CONNECTIONS_SQLITE_DIR)
// so an admin cannot open any file of the server. better-sqlite3 is synchronous: each open
// connection lives in its own worker thread, so a long query never blocks the server, and the
// statement timeout ends the worker (SQLite has no other way to stop a running statement).
//
// Staying in the directory (docs/decisions/0132). better-sqlite3 exposes neither an authorizer
// nor sqlite3_limit (SQLITE_LIMIT_ATTACHED), and a read-only handle still ATTACHes (and reads)
// any file and still writes a VACUUM INTO copy anywhere. So each statement is first compiled
// with EXPLAIN and its program read: a call of the engine's internal sqlite_attach or
// sqlite_detach, or a Vacuum into another file, is refused before anything runs, however the
// statement is spelled (case, comments, quoting, expressions). Pragmas that change the whole
// process (the temporary directory, heap limits) act while a statement is compiled, so they are
// refused by name first (a PRAGMA can only be named by these letters). Each statement runs on a
// fresh connection — read-only unless the connection allows writes — closed afterwards, and the
// attached databases are checked once more before the result is returned.

const betterSqlite3Url = pathToFileURL(
  createRequire(import.meta.url).resolve('better-sqlite3'),
).href;

/** Pragmas whose effect is process-wide and happens at compile time. */
export const SQLITE_GLOBAL_PRAGMAS =
  /temp_store_directory|data_store_directory|soft_heap_limit|hard_heap_limit/i;

// Plain JavaScript run in the worker (eval), so it works from src/ under tsx and vitest and from
// dist/ alike. It answers { id, ok, value } or { id, ok: false, message, code, kind }.
const WORKER_SOURCE = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const { default: Database } = await import(workerData.betterSqlite3Url);
  const GLOBAL_PRAGMAS = new RegExp(workerData.globalPragmas, 'i');
  const EXPLAIN_COLUMNS = ['addr,opcode,p1,p2,p3,p4,p5,comment', 'id,parent,notused,detail'];
  const refuse = (kind, message) => Object.assign(new Error(message), { kind });
  const open = (readonly) => {
    const db = new Database(workerData.file, { fileMustExist: true, readonly });
    db.pragma('busy_timeout = ' + Math.min(workerData.timeout, 5000));
    // A small page cache: one console statement on a fresh connection needs little.
    db.pragma('cache_size = -2000');
    if (!readonly) db.pragma('foreign_keys = ON');
    return db;
  };
  const onFresh = (readonly, work) => {
    const db = open(readonly);
    try { return work(db); } finally { db.close(); }
  };
  try {
    onFresh(true, (db) => db.prepare('select 1').get());
  } catch (e) {
    parentPort.postMessage({ id: 0, ok: false, message: String(e.message), code: e.code });
    return;
  }
  parentPort.postMessage({ id: 0, ok: true });
  const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';

  /** Refuses a statement whose compiled program opens, leaves or writes another file. */
  const checkProgram = (db, statement) => {
    if (GLOBAL_PRAGMAS.test(statement)) throw refuse('forbidden', workerData.texts.globalPragma);
    let program;
    try {
      program = db.prepare('EXPLAIN ' + statement).all();
    } catch (e) {
      // Only an EXPLAIN itself cannot be explained again; it never runs what it explains.
      // Anything else that cannot be explained (a leading ';', a syntax error) is refused with
      // SQLite's own message about it.
      const stmt = db.prepare(statement);
      const names = stmt.reader ? stmt.columns().map((c) => c.name).join(',') : '';
      if (EXPLAIN_COLUMNS.includes(names)) return stmt;
      throw e;
    }
    for (const op of program) {
      const fn = op.opcode === 'Function' || op.opcode === 'PureFunc' ? String(op.p4) : '';
      if (/^sqlite_(attach|detach)\\b/i.test(fn) || (op.opcode === 'Vacuum' && op.p2 !== 0)) {
        throw refuse('forbidden', workerData.texts.otherFile);
      }
    }
    return db.prepare(statement);
  };
  const onlyMain = (db) => {
    const others = db.pragma('database_list').filter((d) => d.name !== 'main' && d.name !== 'temp');
    if (others.length > 0) throw refuse('forbidden', workerData.texts.otherFile);
  };
  const byteLength = (value) => Buffer.byteLength(JSON.stringify(value) ?? 'null');
  // Long text is cut to maxCellBytes with its length noted; long blobs to what the result shows.
  const fitCell = (value, max, cut) => {
    if (typeof value === 'string' && value.length * 3 > max && Buffer.byteLength(value) > max) {
      cut.any = true;
      // Cut by characters (no copy of the whole value), then to the byte budget.
      let kept = value.slice(0, max - 64);
      while (Buffer.byteLength(kept) > max - 64) kept = kept.slice(0, Math.floor(kept.length * 0.9));
      return kept + '… (' + Buffer.byteLength(value).toLocaleString('en-US') + ' bytes in all)';
    }
    if (Buffer.isBuffer(value) && value.length > 65) return value.subarray(0, 65);
    if (typeof value === 'bigint') return value.toString();
    return value;
  };

  const ops = {
    ping: () => onFresh(true, (db) => db.prepare('select 1').get()),
    query: ({ statement, mode, maxRows, maxBytes, maxCellBytes }) =>
      onFresh(mode !== 'write', (db) => {
        const stmt = checkProgram(db, statement);
        const writes = !stmt.readonly;
        if (writes && mode === 'read-only') throw refuse('read_only', workerData.texts.readOnly);
        if (writes && mode === 'ask-before-write') throw refuse('confirm', workerData.texts.confirm);
        const kind = writes ? 'write' : 'read';
        if (!stmt.reader) {
          const info = stmt.run();
          onlyMain(db);
          return { rows: [], columns: [], kind, rowsAffected: info.changes, truncated: false };
        }
        const cut = { any: false };
        const columns = stmt.columns().map((c) => c.name);
        // The caps apply here already, so a huge result never crosses to the main thread (or
        // sits in this one) whole: long values are cut, rows stop at maxRows or maxBytes.
        const rows = [];
        let bytes = 2;
        let truncated = false;
        let read = 0;
        for (const raw of stmt.iterate()) {
          if (rows.length === maxRows) { truncated = 'rows'; break; }
          // Past four times the cap in values read, the result ends (see ResultCollector).
          let weight = 8;
          for (const value of Object.values(raw)) {
            weight += typeof value === 'string' || Buffer.isBuffer(value) ? value.length : 8;
          }
          if (rows.length > 0 && read + weight > maxBytes * 4) { truncated = 'bytes'; break; }
          read += weight;
          const row = {};
          for (const [key, value] of Object.entries(raw)) row[key] = fitCell(value, maxCellBytes, cut);
          const size = byteLength(row) + 1;
          if (bytes + size > maxBytes) { truncated = 'bytes'; break; }
          rows.push(row);
          bytes += size;
        }
        onlyMain(db);
        const changes = writes ? db.prepare('select changes() as n').get().n : null;
        return { rows, columns, kind, rowsAffected: changes, truncated: truncated || (cut.any ? 'bytes' : false) };
      }),
    tables: () => onFresh(true, (db) => {
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
    }),
  };
  parentPort.on('message', ({ id, op, args }) => {
    try {
      parentPort.postMessage({ id, ok: true, value: ops[op](args) });
    } catch (e) {
      // A write a read-only handle refused is the engine's own read-only answer.
      const kind = e.kind ?? (String(e.code).startsWith('SQLITE_READONLY') ? 'read_only' : undefined);
      parentPort.postMessage({ id, ok: false, message: String(e.message), code: e.code, kind });
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
  kind?: 'read_only' | 'confirm' | 'forbidden';
}

/**
 * The file a connection names, inside `dir`, or a DriverError. Refuses names with a directory
 * part, files that do not exist, and symlinks (or anything else) that resolve outside `dir`.
 */
export function resolveSqliteFile(
  dir: string,
  name: string,
  protectedFiles: readonly string[] = [],
): string {
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
  const info = statSync(real);
  if (!info.isFile()) {
    throw new DriverError('file', `"${name}" is not a file.`);
  }
  // A hard link has no "outside" to resolve: refuse files with more than one name, and any
  // file that is Cutout's own database under another name.
  const own = protectedFiles.some((file) => {
    try {
      const p = statSync(file);
      return p.dev === info.dev && p.ino === info.ino;
    } catch {
      return false;
    }
  });
  if (own || info.nlink > 1) {
    throw new DriverError(
      'file',
      `SQLite file "${name}" is linked to another file and cannot be opened from the console.`,
    );
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
      workerData: {
        betterSqlite3Url,
        file: this.file,
        timeout: this.timeoutMs,
        globalPragmas: SQLITE_GLOBAL_PRAGMAS.source,
        texts: {
          readOnly: databaseConfigTexts.readOnly,
          confirm: databaseConfigTexts.confirmWrite,
          otherFile: databaseConfigTexts.sqliteOtherFile,
          globalPragma: databaseConfigTexts.sqliteGlobalPragma,
        },
      },
      resourceLimits: { maxOldGenerationSizeMb: 64 },
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
      if (!reply.ok) throw new DriverError(reply.kind ?? 'query', reply.message ?? 'SQLite error');
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

export function sqliteDriver(
  directory: string,
  options: { protectedFiles?: readonly string[] } = {},
): DatabaseDriver {
  return {
    type: 'sqlite',
    async open(s: DriverSettings) {
      const file = resolveSqliteFile(directory, s.database, options.protectedFiles);
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
            mode: options.mode,
            maxRows: options.maxRows,
            maxBytes: options.maxBytes,
            maxCellBytes: options.maxCellBytes,
          });
          const collector = new ResultCollector(options);
          collector.columns = out.columns;
          for (const row of out.rows) if (!collector.add(row)) break;
          const result = collector.outcome(out.kind, out.rowsAffected);
          return { ...result, truncated: out.truncated || result.truncated };
        },
        tables: () => worker.call<DatabaseTable[]>('tables'),
        openConnections: () => (worker.alive ? 1 : 0),
        close: () => worker.close(),
      };
      return handle;
    },
  };
}
