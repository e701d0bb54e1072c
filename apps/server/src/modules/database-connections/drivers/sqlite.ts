import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { lstatSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
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
// connection lives in its own child process, so a long query never blocks the server, and the
// statement timeout kills that process (SIGKILL). A worker thread, as before, could not stop a
// statement: better-sqlite3 exposes no sqlite3_interrupt or progress handler, and ending a
// thread (V8's TerminateExecution) waits for native code to return, so a runaway statement kept
// its thread spinning on a core forever after its timeout answer (docs/decisions/0132,
// amendment). The process gets none of the server's environment, dies with its IPC channel or,
// while a statement runs, by its own watchdog thread once the server is gone, and is killed
// when the server exits.
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

const betterSqlite3Path = createRequire(import.meta.url).resolve('better-sqlite3');

/** Pragmas whose effect is process-wide and happens at compile time. */
export const SQLITE_GLOBAL_PRAGMAS =
  /temp_store_directory|data_store_directory|soft_heap_limit|hard_heap_limit/i;

// Plain JavaScript run by `node -e` in the child process, so it works from src/ under tsx and
// vitest and from dist/ alike. Its settings come in the first message; it answers
// { id, ok, value } or { id, ok: false, message, code, kind }.
const CHILD_SOURCE = `
// The server ends this process when it is done with it; if the server itself dies, the IPC
// channel closes and so does this process. While a statement runs, this thread cannot hear
// that: a small watchdog thread ends the process once the server is gone (its parent changed).
process.on('disconnect', () => process.exit());
const { Worker } = require('node:worker_threads');
new Worker(
  "const { workerData } = require('node:worker_threads');" +
    "setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 1000);",
  // No resourceLimits: V8 cannot even start a worker in a few MB of heap on some settings.
  { eval: true, workerData: process.ppid },
)
  // Without its watchdog this process would not be safe to keep: it ends, and the server opens
  // a new one on the next call.
  .on('error', () => process.exit(1))
  .unref();
const send = (message) => process.send(message);
process.once('message', (settings) => {
  let Database;
  const GLOBAL_PRAGMAS = new RegExp(settings.globalPragmas, 'i');
  const EXPLAIN_COLUMNS = ['addr,opcode,p1,p2,p3,p4,p5,comment', 'id,parent,notused,detail'];
  const refuse = (kind, message) => Object.assign(new Error(message), { kind });
  const open = (readonly, again) => {
    const db = new Database(settings.file, { fileMustExist: true, readonly });
    try {
      db.pragma('busy_timeout = ' + Math.min(settings.timeout, 5000));
      // A small page cache: one console statement on a fresh connection needs little.
      db.pragma('cache_size = -2000');
      if (!readonly) db.pragma('foreign_keys = ON');
      // The first read takes the first lock, where SQLite rolls back what a killed writer left
      // (a write stopped at its timeout): a read-only handle cannot, so a read-write one does
      // that once, running nothing else, and this one is opened again.
      db.prepare('select 1 from sqlite_schema limit 1').get();
      return db;
    } catch (e) {
      db.close();
      if (!readonly || again || !/^SQLITE_READONLY_(ROLLBACK|RECOVERY)$/.test(String(e.code))) throw e;
      open(false).close();
      return open(true, true);
    }
  };
  const onFresh = (readonly, work) => {
    const db = open(readonly);
    try { return work(db); } finally { db.close(); }
  };
  try {
    Database = require(settings.betterSqlite3Path);
    onFresh(true, (db) => db.prepare('select 1').get());
  } catch (e) {
    // Nothing more to do: this process ends once the answer is out.
    process.send({ id: 0, ok: false, message: String(e.message), code: e.code }, () => process.exit());
    return;
  }
  send({ id: 0, ok: true });
  const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';

  /** Refuses a statement whose compiled program opens, leaves or writes another file. */
  const checkProgram = (db, statement) => {
    if (GLOBAL_PRAGMAS.test(statement)) throw refuse('forbidden', settings.texts.globalPragma);
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
        throw refuse('forbidden', settings.texts.otherFile);
      }
    }
    return db.prepare(statement);
  };
  const onlyMain = (db) => {
    const others = db.pragma('database_list').filter((d) => d.name !== 'main' && d.name !== 'temp');
    if (others.length > 0) throw refuse('forbidden', settings.texts.otherFile);
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
        if (writes && mode === 'read-only') throw refuse('read_only', settings.texts.readOnly);
        if (writes && mode === 'ask-before-write') throw refuse('confirm', settings.texts.confirm);
        const kind = writes ? 'write' : 'read';
        if (!stmt.reader) {
          const info = stmt.run();
          onlyMain(db);
          return { rows: [], columns: [], kind, rowsAffected: info.changes, truncated: false };
        }
        const cut = { any: false };
        const columns = stmt.columns().map((c) => c.name);
        // The caps apply here already, so a huge result never crosses to the server (or sits
        // in this process) whole: long values are cut, rows stop at maxRows or maxBytes.
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
  process.on('message', ({ id, op, args }) => {
    try {
      send({ id, ok: true, value: ops[op](args) });
    } catch (e) {
      // A write a read-only handle refused is the engine's own read-only answer.
      const kind = e.kind ?? (String(e.code).startsWith('SQLITE_READONLY') ? 'read_only' : undefined);
      send({ id, ok: false, message: String(e.message), code: e.code, kind });
    }
  });
});
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

/** The SQLite processes running now, so none outlives the server (and tests can see them). */
const running = new Set<ChildProcess>();

/** Process ids of the SQLite processes running now. */
export function sqliteProcessIds(): number[] {
  return [...running].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
}

type Waiting = { resolve: (r: Reply) => void; reject: (e: Error) => void };

/** A running SQLite process and the replies awaited from it. */
interface Running {
  child: ChildProcess;
  ready: Promise<void>;
  pending: Map<number, Waiting>;
}

/** One open SQLite connection: a child process that runs each statement on a fresh handle. */
class SqliteProcess {
  #running: Running | undefined;
  #next = 1;

  constructor(
    readonly file: string,
    readonly name: string,
    readonly timeoutMs: number,
  ) {}

  get alive(): boolean {
    return this.#running !== undefined;
  }

  #start(): Running {
    if (this.#running) return this.#running;
    // Nothing of the server's environment (its secrets) is passed on; node needs none of it.
    const child = spawn(process.execPath, ['--max-old-space-size=64', '-e', CHILD_SOURCE], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {},
      // Structured clone, as between threads: blobs arrive as Buffers, not as JSON objects.
      serialization: 'advanced',
    });
    if (running.size === 0) process.once('exit', killAll);
    running.add(child);
    // An idle SQLite process does not keep the server alive (`call` holds it while it waits).
    child.unref();
    child.channel?.unref();
    (child.stderr as Socket | null)?.unref();
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    const pending = new Map<number, Waiting>();
    const ready = new Promise<void>((resolve, reject) => {
      pending.set(0, {
        resolve: (r) =>
          r.ok
            ? resolve()
            : reject(new DriverError('file', `SQLite could not open "${this.name}": ${r.message}`)),
        reject,
      });
    });
    const run: Running = { child, ready, pending };
    this.#running = run;
    child.channel?.ref();
    child.on('message', (reply: Reply) => this.#take(run, reply.id)?.resolve(reply));
    // Only the replies awaited from this process fail with it (the next one may already run).
    const fail = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      if (this.#running === run) this.#running = undefined;
    };
    child.on('error', (error) =>
      fail(new DriverError('other', `SQLite stopped: ${error.message}`)),
    );
    child.on('exit', () => {
      running.delete(child);
      if (running.size === 0) process.off('exit', killAll);
      fail(
        new DriverError(
          'other',
          /heap out of memory/i.test(stderr)
            ? 'SQLite stopped: it ran out of memory.'
            : 'SQLite stopped.',
        ),
      );
    });
    child.send({
      betterSqlite3Path,
      file: this.file,
      timeout: this.timeoutMs,
      globalPragmas: SQLITE_GLOBAL_PRAGMAS.source,
      texts: {
        readOnly: databaseConfigTexts.readOnly,
        confirm: databaseConfigTexts.confirmWrite,
        otherFile: databaseConfigTexts.sqliteOtherFile,
        globalPragma: databaseConfigTexts.sqliteGlobalPragma,
      },
    });
    ready.catch(() => void this.#stop(run));
    return run;
  }

  /** The reply `id` is no longer awaited; a process awaited by no one is let go (unref). */
  #take(run: Running, id: number): Waiting | undefined {
    const waiting = run.pending.get(id);
    run.pending.delete(id);
    if (run.pending.size === 0) run.child.channel?.unref();
    return waiting;
  }

  async call<T>(op: string, args?: unknown): Promise<T> {
    const run = this.#start();
    await run.ready;
    const id = this.#next++;
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = await new Promise<Reply>((resolve, reject) => {
        run.pending.set(id, { resolve, reject });
        // While a reply is awaited, the process keeps the server alive.
        run.child.channel?.ref();
        run.child.send({ id, op, args }, (error) => {
          if (error && this.#take(run, id)) {
            reject(new DriverError('other', `SQLite stopped: ${error.message}`));
          }
        });
        timer = setTimeout(() => {
          this.#take(run, id);
          reject(
            new DriverError(
              'timeout',
              `The statement ran longer than ${this.timeoutMs} ms and was stopped.`,
            ),
          );
          // SQLite runs the statement in native code, which nothing in the process can
          // interrupt: the process is killed. The next call opens the file again in a new one.
          void this.#stop(run);
        }, this.timeoutMs);
      });
      if (!reply.ok) throw new DriverError(reply.kind ?? 'query', reply.message ?? 'SQLite error');
      return reply.value as T;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Kills a process (an idle one holds no open handle) and waits until it is gone. */
  async #stop(run: Running): Promise<void> {
    if (this.#running === run) this.#running = undefined;
    const { child } = run;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Whoever stops it waits until it is gone.
    child.ref();
    child.kill('SIGKILL');
    await gone;
  }

  async close(): Promise<void> {
    if (this.#running) await this.#stop(this.#running);
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
      const sqlite = new SqliteProcess(file, s.database, s.timeout);
      try {
        await sqlite.call('ping');
      } catch (error) {
        await sqlite.close();
        throw error;
      }
      const handle: DriverPool = {
        ping: () => sqlite.call('ping'),
        async query(statement, options) {
          const out = await sqlite.call<QueryOutcome>('query', {
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
        tables: () => sqlite.call<DatabaseTable[]>('tables'),
        openConnections: () => (sqlite.alive ? 1 : 0),
        close: () => sqlite.close(),
      };
      return handle;
    },
  };
}
